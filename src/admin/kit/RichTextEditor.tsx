/**
 * A simple, safe rich-text editor: a contentEditable area in the text's own language and direction, with a small
 * toolbar (bold, italic, heading, lists, link, image). Every change and paste goes through the allow-list
 * sanitizer; images are uploaded first and inserted by the URL the API answers.
 * (document.execCommand is deprecated but still the one editing API every browser ships; the feature set here is
 * the part all of them agree on.)
 */
import { Bold, Heading2, ImagePlus, Italic, Link2, List, ListOrdered, Unlink } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import { Button, FieldError, IconButton, ProgressBar } from "../../components/ui";
import { messageText } from "./hooks";
import type { FieldMessage } from "./form.store";
import { RICH_TEXT_CLASS, isBlankHtml, loadSanitizer, safeUrl, sanitizeHtml, sanitizerLoaded } from "./rich-text";
import { checkImageFile, uploadProblem, type UploadOptions } from "./upload";

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  lang: string;
  dir: "ltr" | "rtl";
  /** Uploads an image and answers its URL; without it there is no image button. */
  uploadImage?: (file: File, options: UploadOptions) => Promise<string>;
  testId?: string;
}

type Command = "bold" | "italic" | "insertUnorderedList" | "insertOrderedList";

export function RichTextEditor({ value, onChange, label, lang, dir, uploadImage, testId = "rich-text" }: RichTextEditorProps) {
  const t = useT();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const linkId = useId();
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linking, setLinking] = useState(false);
  const [linkUrl, setLinkUrl] = useState("https://");
  const [linkError, setLinkError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<FieldMessage | null>(null);

  // The shared sanitizer (parse5) comes with the part that shows an editor (withSanitizer), so the area is editable
  // at once; should an editor be mounted without it, the area is busy (not editable) until it has loaded.
  const [ready, setReady] = useState(sanitizerLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadSanitizer().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);

  // Outside changes (another record, a reset) replace the content; our own echoes do not (the caret would jump).
  // Before the browser paints: an area shown empty for a frame could take a keystroke the content then replaces.
  useLayoutEffect(() => {
    const element = area.current;
    if (!ready || !element || value === lastEmitted.current) return;
    element.innerHTML = sanitizeHtml(value);
    lastEmitted.current = value;
  }, [value, ready]);

  useEffect(() => {
    const update = () => {
      if (!area.current?.contains(document.getSelection()?.anchorNode ?? null)) return;
      const state = (name: string) => {
        try {
          return document.queryCommandState(name);
        } catch {
          return false;
        }
      };
      const block = (() => {
        try {
          return String(document.queryCommandValue("formatBlock")).toLowerCase();
        } catch {
          return "";
        }
      })();
      setActive({ bold: state("bold"), italic: state("italic"), insertUnorderedList: state("insertUnorderedList"), insertOrderedList: state("insertOrderedList"), h2: block === "h2" });
    };
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, []);

  function emit() {
    const html = area.current?.innerHTML ?? "";
    const clean = isBlankHtml(html) ? "" : sanitizeHtml(html);
    lastEmitted.current = clean;
    onChange(clean);
  }

  function run(command: string, argument?: string) {
    area.current?.focus();
    restoreSelection();
    document.execCommand(command, false, argument);
    emit();
  }

  function saveSelection() {
    const selection = document.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
  }

  function restoreSelection() {
    const range = savedRange.current;
    if (!range) return;
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    savedRange.current = null;
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const html = event.clipboardData.getData("text/html");
    const text = event.clipboardData.getData("text/plain");
    if (html) document.execCommand("insertHTML", false, sanitizeHtml(html));
    else document.execCommand("insertText", false, text);
    emit();
  }

  function applyLink(event: FormEvent) {
    event.preventDefault();
    const url = safeUrl(linkUrl, "link");
    if (!url) {
      setLinkError(t("editor.linkInvalid"));
      return;
    }
    setLinking(false);
    setLinkError(null);
    run("createLink", url);
  }

  async function insertImage(file: File | undefined) {
    if (!file || !uploadImage) return;
    setProblem(null);
    const bad = await checkImageFile(file);
    if (bad) {
      setProblem({ key: bad });
      return;
    }
    setProgress(0);
    try {
      const url = await uploadImage(file, { onProgress: setProgress });
      const safe = safeUrl(url, "image");
      if (safe) run("insertHTML", `<img src="${safe.replace(/"/g, "&quot;")}" alt="">`);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const tool = (command: Command, icon: typeof Bold, labelKey: string, pressed: boolean) => (
    <IconButton
      icon={icon}
      size="sm"
      label={t(labelKey)}
      aria-pressed={pressed}
      className={pressed ? "bg-primary-500/20" : ""}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => run(command)}
    />
  );

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div role="toolbar" aria-label={t("editor.toolbar")} aria-controls={`${linkId}-area`} className="flex flex-wrap items-center gap-1 rounded-2xl border border-[var(--border)] bg-[var(--surface-2)] p-1">
        {tool("bold", Bold, "editor.bold", Boolean(active.bold))}
        {tool("italic", Italic, "editor.italic", Boolean(active.italic))}
        <IconButton
          icon={Heading2}
          size="sm"
          label={t("editor.heading")}
          aria-pressed={Boolean(active.h2)}
          className={active.h2 ? "bg-primary-500/20" : ""}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run("formatBlock", active.h2 ? "<p>" : "<h2>")}
        />
        {tool("insertUnorderedList", List, "editor.bulletList", Boolean(active.insertUnorderedList))}
        {tool("insertOrderedList", ListOrdered, "editor.numberedList", Boolean(active.insertOrderedList))}
        <IconButton
          icon={Link2}
          size="sm"
          label={t("editor.link")}
          aria-expanded={linking}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            saveSelection();
            setLinking((open) => !open);
          }}
          data-testid={`${testId}-link`}
        />
        <IconButton icon={Unlink} size="sm" label={t("editor.unlink")} onMouseDown={(event) => event.preventDefault()} onClick={() => run("unlink")} />
        {uploadImage && (
          <>
            <IconButton
              icon={ImagePlus}
              size="sm"
              label={t("editor.image")}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                saveSelection();
                fileInput.current?.click();
              }}
              disabled={progress !== null}
              data-testid={`${testId}-image`}
            />
            <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" tabIndex={-1} aria-label={t("editor.image")} onChange={(event) => void insertImage(event.target.files?.[0])} data-testid={`${testId}-image-input`} />
          </>
        )}
      </div>
      {linking && (
        <form onSubmit={applyLink} className="flex flex-wrap items-start gap-2" data-testid={`${testId}-link-form`}>
          <label htmlFor={`${linkId}-url`} className="sr-only">
            {t("editor.linkUrl")}
          </label>
          <input
            id={`${linkId}-url`}
            dir="ltr"
            value={linkUrl}
            onChange={(event) => setLinkUrl(event.target.value)}
            aria-invalid={linkError ? true : undefined}
            className="min-h-9 flex-1 rounded-full border border-[var(--border)] bg-[var(--surface)] px-4 text-sm"
            autoFocus
          />
          <Button size="sm" type="submit">
            {t("editor.applyLink")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setLinking(false)}>
            {t("ui.cancel")}
          </Button>
          <FieldError error={linkError} />
        </form>
      )}
      {progress !== null && <ProgressBar value={progress} label={t("upload.progress", { label: t("editor.image") })} />}
      <FieldError error={messageText(t, problem)} testId={`${testId}-error`} />
      <div
        ref={area}
        id={`${linkId}-area`}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable={ready}
        aria-busy={!ready}
        suppressContentEditableWarning
        lang={lang}
        dir={dir}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        className={`min-h-[45dvh] rounded-2xl border border-[var(--border)] bg-[var(--surface)] px-5 py-3 focus:outline-2 focus:outline-primary-500/40 ${RICH_TEXT_CLASS}`}
        data-testid={`${testId}-area`}
      />
    </div>
  );
}
