/**
 * Rich content sanitizing (DESIGN §11): visa content is HTML written in the admin editor and shown to agents, so it is
 * cleaned when saved and again when shown. Built on HTMLRewriter (lol-html, part of workerd): a spec-following HTML
 * tokenizer with no extra bundle weight, no DOM emulation and no dependency to keep patched.
 *
 * Because HTMLRewriter streams the source instead of re-serializing a tree, the rules are written so that nothing the
 * browser could read differently survives:
 * - an allow-list of elements; elements whose content is not ordinary markup (script, style, textarea, iframe, svg,
 *   math, template, …) are dropped with everything inside; other unknown elements are unwrapped (text kept);
 * - every attribute is removed, then only allowed ones are written back with values we decoded, checked and
 *   re-encoded ourselves (so `&colon;`, `&#x6A;` or tabs inside a URL cannot hide a scheme);
 * - href/src keep only http(s), mailto (links), and relative URLs (our /api/files/… images among them);
 * - comments (and so processing instructions) go; `<` and `>` in text are re-escaped.
 */

/** Elements kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: ["dir"], br: [], strong: [], b: [], em: [], i: [], u: [], s: [], h2: ["dir"], h3: ["dir"], h4: ["dir"],
  ul: ["dir"], ol: ["dir"], li: ["dir"], a: ["href"], img: ["src", "alt"], blockquote: ["dir"],
  table: ["dir"], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"],
  span: ["dir"], div: ["dir"], hr: [],
};

/**
 * Dropped together with their content: active content, and every element whose content the HTML parser does not read
 * as ordinary markup (raw text, RCDATA, foreign content), where unwrapping could turn text into tags.
 */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "applet", "svg", "math", "form", "input", "button", "select", "option",
  "optgroup", "textarea", "title", "xmp", "noembed", "noframes", "noscript", "plaintext", "template", "frame", "frameset",
  "base", "link", "meta", "head", "audio", "video", "source", "track", "canvas", "portal", "fencedframe", "dialog", "slot",
  "param", "picture", "map", "area", "marquee",
]);

/** The few named entities that matter for URL schemes and text; others are left as text (and re-encoded, so inert). */
const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", Tab: "\t", NewLine: "\n", colon: ":", sol: "/",
  lpar: "(", rpar: ")", period: ".", comma: ",", excl: "!", num: "#", percnt: "%", quest: "?", equals: "=", semi: ";",
};

/** Decodes numeric and a few named character references the way a browser would, as far as they matter here. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);?/g, (match, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    }
    return Object.hasOwn(NAMED, ref) ? NAMED[ref]! : match;
  });
}

/** Encodes a value for a double-quoted attribute: the browser then reads back exactly this string. */
const encodeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A URL allowed in href/src, normalized as the URL parser would see it, or null. Links may be http(s), mailto or
 * relative; images http(s) or relative (so our /api/files/… URLs). javascript:, data:, vbscript: and every other scheme
 * are refused in any case, spacing or encoding.
 */
export function safeUrl(raw: string, kind: "link" | "image"): string | null {
  // The URL parser drops tabs and newlines anywhere and C0 controls and spaces at both ends.
  const url = decodeEntities(raw).replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (/[\u0000-\u001f\u007f]/.test(url)) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url;
  const allowed = kind === "link" ? ["http", "https", "mailto"] : ["http", "https"];
  return allowed.includes(scheme) ? url : null;
}

function cleanAttribute(name: string, raw: string): string | null {
  switch (name) {
    case "href":
      return safeUrl(raw, "link");
    case "src":
      return safeUrl(raw, "image");
    case "dir": {
      const value = decodeEntities(raw).trim().toLowerCase();
      return ["ltr", "rtl", "auto"].includes(value) ? value : null;
    }
    case "colspan":
    case "rowspan": {
      const value = decodeEntities(raw).trim();
      return /^[1-9][0-9]{0,2}$/.test(value) ? value : null;
    }
    case "alt":
      return decodeEntities(raw).slice(0, 500);
    default:
      return null;
  }
}

/** Sanitizes one HTML fragment (see the rules above). */
export async function sanitizeHtml(html: string): Promise<string> {
  if (!html.trim()) return "";
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(el) {
        const tag = el.tagName.toLowerCase();
        if (DROP_WITH_CONTENT.has(tag)) return void el.remove();
        const allowed = ALLOWED[tag];
        if (!allowed) return void el.removeAndKeepContent();
        // The first occurrence of a repeated attribute is the one browsers use.
        const seen = new Map<string, string>();
        for (const [name = "", value = ""] of el.attributes) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), value);
        for (const name of seen.keys()) el.removeAttribute(name);
        for (const name of allowed) {
          const raw = seen.get(name);
          if (raw === undefined) continue;
          const value = cleanAttribute(name, raw);
          if (value !== null) el.setAttribute(name, encodeAttribute(value));
        }
        if (tag === "a" && el.hasAttribute("href")) el.setAttribute("rel", "noopener noreferrer nofollow");
        if (tag === "img" && !el.hasAttribute("src")) el.remove();
      },
    })
    .onDocument({
      comments: (comment) => void comment.remove(),
      text(chunk) {
        // In ordinary content a "<" in text is never a tag; escaping it keeps it so whatever surrounds it.
        if (/[<>]/.test(chunk.text)) chunk.replace(chunk.text.replace(/</g, "&lt;").replace(/>/g, "&gt;"), { html: true });
      },
    });
  return rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).text();
}

/** Sanitizes each language of a localized rich text. */
export async function sanitizeLocalized<T extends Record<string, string>>(content: T): Promise<T> {
  const entries = await Promise.all(Object.entries(content).map(async ([locale, html]) => [locale, await sanitizeHtml(html)] as const));
  return Object.fromEntries(entries) as T;
}
