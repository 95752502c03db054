/**
 * The one sanitizer of rich content (DESIGN §11): visa content today, news later. It runs in the Worker (when content
 * is saved and again when shown) and in the admin editor (paste and preview), the same code on both sides.
 *
 * Built on parse5, the HTML parser that implements the WHATWG tree-construction algorithm (the one browsers run):
 * the content is parsed as a fragment exactly as a browser would read it — unclosed tags at the end, misnested
 * tags, implicit ends, foster-parented table text, entities inside attributes are all resolved by the parser, not by
 * us — then an allow-list walks the tree and parse5 serializes what is left, escaping every text and attribute value.
 * Because the output is a serialization of allowed elements only, with all text escaped and every attribute quoted,
 * re-parsing it can only produce those elements again.
 *
 * Rules:
 * - an allow-list of elements and, per element, attributes; elements whose content is not ordinary markup (script,
 *   style, textarea, template, svg, math, iframe, …) are dropped with everything inside; other unknown elements are
 *   unwrapped (their text is kept);
 * - href: http(s), mailto, a path of this site (one leading slash) or a #fragment; src: https or a path of this site
 *   (our /api/files/…). Every other scheme (javascript:, data:, vbscript:, …) is refused in any spelling, since the
 *   parser has already decoded entities and we strip what the URL parser ignores;
 * - links leaving the site get rel="noopener noreferrer nofollow"; comments go.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from "parse5";
import { safeUrl } from "./links";

export { safeUrl };

type Node = DefaultTreeAdapterMap["childNode"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];
type Element = DefaultTreeAdapterMap["element"];

/** Elements kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: ["dir"], br: [], strong: [], b: [], em: [], i: [], u: [], s: [], h2: ["dir"], h3: ["dir"], h4: ["dir"],
  ul: ["dir"], ol: ["dir"], li: ["dir"], a: ["href"], img: ["src", "alt"], blockquote: ["dir"],
  table: ["dir"], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"],
  span: ["dir"], div: ["dir"], hr: [],
};

/** Dropped together with their content: active or embedded content, forms, and everything not ordinary markup. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "applet", "svg", "math", "form", "input", "button", "select", "option",
  "optgroup", "textarea", "title", "xmp", "noembed", "noframes", "noscript", "plaintext", "template", "frame", "frameset",
  "base", "link", "meta", "head", "audio", "video", "source", "track", "canvas", "portal", "fencedframe", "dialog", "slot",
  "param", "picture", "map", "area", "marquee", "isindex", "keygen", "datalist", "output", "progress", "meter",
  "selectedcontent", "search",
]);

/** The element names this sanitizer can ever emit (tests check outputs against it). */
export const RICH_CONTENT_ELEMENTS: readonly string[] = Object.keys(ALLOWED);

const MAX_ALT = 500;

function cleanAttribute(name: string, value: string): string | null {
  switch (name) {
    case "href":
      return safeUrl(value, "link");
    case "src":
      return safeUrl(value, "image");
    case "dir": {
      const dir = value.trim().toLowerCase();
      return ["ltr", "rtl", "auto"].includes(dir) ? dir : null;
    }
    case "colspan":
    case "rowspan":
      return /^[1-9][0-9]{0,2}$/.test(value.trim()) ? value.trim() : null;
    case "alt":
      return value.slice(0, MAX_ALT);
    default:
      return null;
  }
}

const isElement = (node: Node): node is Element => "tagName" in node;

/** Cleans the children of `parent` in place: drops, unwraps and filters as the rules say. */
function cleanChildren(parent: ParentNode): void {
  const out: Node[] = [];
  for (const child of parent.childNodes) {
    if (child.nodeName === "#text") {
      out.push(child);
      continue;
    }
    if (!isElement(child)) continue; // comments, doctypes
    // Foreign content (svg/math and anything inside them) is never kept, whatever its name.
    const tag = child.namespaceURI === "http://www.w3.org/1999/xhtml" ? child.tagName : "";
    if (!tag || DROP_WITH_CONTENT.has(tag)) continue;
    cleanChildren(child);
    const allowed = ALLOWED[tag];
    if (!allowed) {
      for (const grandchild of child.childNodes) {
        grandchild.parentNode = parent;
        out.push(grandchild);
      }
      continue;
    }
    // The parser keeps the first of repeated attributes, as browsers do.
    const attrs: Element["attrs"] = [];
    for (const name of allowed) {
      const attr = child.attrs.find((a) => a.name === name && !a.namespace);
      const value = attr ? cleanAttribute(name, attr.value) : null;
      if (value !== null) attrs.push({ name, value });
    }
    if (tag === "img" && !attrs.some((a) => a.name === "src")) continue;
    if (tag === "a") {
      const href = attrs.find((a) => a.name === "href")?.value;
      if (href && /^(https?|mailto):/i.test(href)) attrs.push({ name: "rel", value: "noopener noreferrer nofollow" });
    }
    child.attrs = attrs;
    out.push(child);
  }
  parent.childNodes = out;
}

/** Sanitizes one HTML fragment (see the rules above). Synchronous and dependency-free at run time beyond parse5. */
export function sanitizeHtml(html: string): string {
  if (!html.trim()) return "";
  const fragment = parseFragment(html);
  cleanChildren(fragment);
  const out = serialize(fragment);
  // Content that was only markup we dropped leaves blank text: that is no content (and sanitizing again agrees).
  return out.trim() ? out : "";
}

/** Sanitizes each language of a localized rich text. */
export function sanitizeLocalized<T extends Record<string, string>>(content: T): T {
  return Object.fromEntries(Object.entries(content).map(([locale, html]) => [locale, sanitizeHtml(html)])) as T;
}

/** The visible text of HTML, as the parser reads it (entities decoded, block boundaries as spaces): toasts, events. */
export function plainText(html: string): string {
  const parts: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.nodeName === "#text") parts.push((node as DefaultTreeAdapterMap["textNode"]).value);
      else if ("childNodes" in node) {
        parts.push(" ");
        walk(node.childNodes as Node[]);
        parts.push(" ");
      }
    }
  };
  walk(parseFragment(html).childNodes as Node[]);
  return parts.join("").replace(/\s+/g, " ").trim();
}
