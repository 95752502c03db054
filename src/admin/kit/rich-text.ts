/**
 * Rich content in the admin editor. The sanitizer is the one the Worker runs (src/shared/rich-content.ts, parse5):
 * a paste from a web page, the preview and what is saved all go through the same allow-list. parse5 is ~45 KB
 * gzipped, so it loads only where an editor opens (loadSanitizer), not with every admin page of the kit.
 */
export { safeUrl } from "../../shared/links";

type Sanitizer = (html: string) => string;
let loaded: Sanitizer | null = null;

let loading: Promise<Sanitizer> | null = null;

export function loadSanitizer(): Promise<Sanitizer> {
  return (loading ??= import("../../shared/rich-content").then(
    (module) => (loaded = module.sanitizeHtml),
    (error: unknown) => {
      loading = null; // a failed load is tried again by the next editor
      throw error;
    },
  ));
}

/** True once the sanitizer is here: an editor mounted after that is editable from its first frame. */
export function sanitizerLoaded(): boolean {
  return loaded !== null;
}

/**
 * A lazily loaded part that holds an editor (a form with rich text, the visa content editor) arrives with the
 * sanitizer, so its editor is editable the moment it shows: an editor waiting for it would ignore what is typed.
 */
export function withSanitizer<T>(part: Promise<T>): Promise<T> {
  return Promise.all([part, loadSanitizer()]).then(([value]) => value);
}

/** The shared sanitizer; the editor stays read-only until loadSanitizer() has resolved. */
export function sanitizeHtml(html: string): string {
  if (!loaded) throw new Error("The rich-content sanitizer is not loaded yet (await loadSanitizer()).");
  return loaded(html);
}

/** True when the content has no text and no image (an editor left with only "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}

/** Tailwind classes that give rich content its typography (the base styles reset headings and lists). */
export const RICH_TEXT_CLASS =
  "leading-7 [&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1 [&_a]:text-accent-600 [&_a]:underline [&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-xl [&_blockquote]:border-s-4 [&_blockquote]:border-primary-400 [&_blockquote]:ps-4";
