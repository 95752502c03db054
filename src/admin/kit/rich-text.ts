/**
 * A small allow-list sanitizer for rich content (DESIGN §11: the server sanitizes when saving and showing; the
 * editor does too, so a paste from a web page cannot bring scripts, event handlers, styles or `javascript:` links
 * even into the preview). Uses the browser's own parser (DOMParser), never innerHTML on a live document.
 */
const TAGS = new Set(["P", "BR", "STRONG", "B", "EM", "I", "U", "UL", "OL", "LI", "H2", "H3", "H4", "A", "IMG", "BLOCKQUOTE", "DIV", "SPAN"]);
/** Dropped with everything inside them. */
const DROP = new Set(["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE", "NOSCRIPT", "SVG", "MATH", "FORM", "INPUT", "BUTTON", "TEXTAREA", "SELECT", "LINK", "META", "HEAD", "TITLE"]);
const ATTRIBUTES: Record<string, string[]> = { A: ["href"], IMG: ["src", "alt"] };

/** Links may go to the web, to an address, or inside the site; images come from the web or our API. */
export function safeUrl(url: string, kind: "link" | "image"): string | null {
  const value = url.trim();
  if (kind === "image") return /^(https:\/\/|\/(?!\/))/i.test(value) ? value : null;
  return /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(value) ? value : null;
}

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? "")];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROP.has(tag)) return [];
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  // Unknown wrappers (font, table…) keep their text, not themselves.
  if (!TAGS.has(tag)) return children;
  const out = doc.createElement(tag === "B" ? "strong" : tag === "I" ? "em" : tag.toLowerCase());
  for (const name of ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (name === "href") {
      const url = safeUrl(value, "link");
      if (!url) continue;
      out.setAttribute("href", url);
      if (/^https?:/i.test(url)) out.setAttribute("rel", "noopener noreferrer");
    } else if (name === "src") {
      const url = safeUrl(value, "image");
      if (!url) return children; // an image we would not load is dropped
      out.setAttribute("src", url);
    } else out.setAttribute(name, value);
  }
  for (const child of children) out.appendChild(child);
  return [out];
}

/** The HTML with only the allowed tags and attributes. */
export function sanitizeHtml(html: string): string {
  if (!html) return "";
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const root = doc.createElement("div");
  for (const node of [...parsed.body.childNodes].flatMap((child) => clean(child, doc))) root.appendChild(node);
  return root.innerHTML;
}

/** True when the content has no text and no image (an editor left with only "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}

/** Tailwind classes that give rich content its typography (the base styles reset headings and lists). */
export const RICH_TEXT_CLASS =
  "leading-7 [&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1 [&_a]:text-accent-600 [&_a]:underline [&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-xl [&_blockquote]:border-s-4 [&_blockquote]:border-primary-400 [&_blockquote]:ps-4";
