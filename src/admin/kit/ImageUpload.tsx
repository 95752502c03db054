/**
 * One image, uploaded at once when chosen: checked first as the API will (JPEG, PNG or WebP by its leading bytes,
 * at most 10 MB: DESIGN §8), previewed while it uploads with a progress bar, and replaced by the saved image.
 * 413 and 415 answers are explained in the page's language. Keyboard: the "Choose" button opens the file picker.
 */
import { ImageUp, Trash2, X } from "../../components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { IMAGE_TYPES, MAX_FILE_BYTES } from "../../contract/catalogue-constants";
import { Button } from "../../components/ui/Button";
import { FieldError } from "../../components/ui/Field";
import { ProgressBar } from "../../components/ui/Feedback";
import { formatNumber } from "../../components/ui/format";
import { messageText, usePageLocale } from "./hooks";
import type { FieldMessage } from "./form.store";
import { checkImageFile, upload, uploadProblem, type UploadOptions } from "./upload";

export interface ImageUploadProps {
  label: string;
  /** The saved image's URL, or null. */
  current: string | null | undefined;
  /** Sends the chosen file; answers whatever the API answered. Defaults to a POST of field "file" to `endpoint`. */
  send?: (file: File, options: UploadOptions) => Promise<unknown>;
  endpoint?: string;
  /** After a successful upload, with the API's answer. */
  onUploaded?: (answer: unknown) => void;
  /** Removes the saved image (theme logo and banners); no remove button without it. */
  onRemove?: () => Promise<void>;
  /** How the image is shown: a wide banner or a square-ish picture. */
  aspect?: "wide" | "square";
  testId?: string;
  maxBytes?: number;
}

export function ImageUpload({ label, current, send, endpoint, onUploaded, onRemove, aspect = "wide", testId = "image-upload", maxBytes = MAX_FILE_BYTES }: ImageUploadProps) {
  const t = useT();
  const locale = usePageLocale();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<FieldMessage | null>(null);
  const [removing, setRemoving] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // A preview's object URL is released when it is replaced or the component goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const bad = await checkImageFile(file, maxBytes);
    if (bad) {
      setProblem({ key: bad });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    abort.current = new AbortController();
    const options: UploadOptions = { onProgress: setProgress, signal: abort.current.signal };
    try {
      const answer = send ? await send(file, options) : await upload(endpoint ?? "", withFile(file), options);
      onUploaded?.(answer);
      setPreview(null);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) setProblem(uploadProblem(error));
      setPreview(null);
    } finally {
      setProgress(null);
      abort.current = null;
      if (input.current) input.current.value = "";
    }
  }

  async function remove() {
    if (!onRemove) return;
    setRemoving(true);
    setProblem(null);
    try {
      await onRemove();
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setRemoving(false);
    }
  }

  const shown = preview ?? current ?? null;
  const uploading = progress !== null;
  const frame = aspect === "wide" ? "aspect-[3/1]" : "aspect-square max-w-40";

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <span className="text-sm font-medium" id={`${inputId}-label`}>
        {label}
      </span>
      <div className={`relative w-full overflow-hidden rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface-2)] ${frame}`}>
        {shown ? (
          // Lazy: the edge draws admin forms (issue 32), and React's server renderer preloads every eager picture it
          // draws, ahead of the page's own text; a stored picture shown as a preview is never the page's first paint.
          <img src={shown} alt={t("upload.previewOf", { label })} loading="lazy" decoding="async" className={`size-full object-cover ${uploading ? "opacity-70" : ""}`} data-testid={`${testId}-image`} />
        ) : (
          <div className="grid size-full place-items-center muted text-sm">{t("upload.none")}</div>
        )}
      </div>
      {uploading && (
        <div className="flex items-center gap-2">
          <ProgressBar value={progress ?? 0} label={t("upload.progress", { label })} testId={`${testId}-progress`} />
          <span className="text-xs tabular-nums w-12 text-end">{formatNumber(progress ?? 0, locale, { style: "percent" })}</span>
          <Button size="sm" variant="ghost" icon={X} onClick={() => abort.current?.abort()}>
            {t("ui.cancel")}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${inputId}-label`}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid={`${testId}-input`}
        />
        <Button size="sm" icon={ImageUp} onClick={() => input.current?.click()} disabled={uploading || removing} data-testid={`${testId}-choose`}>
          {current ? t("upload.replace") : t("upload.choose")}
        </Button>
        {onRemove && current && (
          <Button size="sm" variant="danger" icon={Trash2} onClick={() => void remove()} pending={removing} disabled={uploading} data-testid={`${testId}-remove`}>
            {t("upload.remove")}
          </Button>
        )}
        <span className="muted text-xs">{t("upload.rules", { size: formatNumber(maxBytes / (1024 * 1024), locale) })}</span>
      </div>
      <FieldError error={messageText(t, problem)} testId={`${testId}-error`} />
    </div>
  );
}

function withFile(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}
