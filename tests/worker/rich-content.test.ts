/**
 * The rich-content sanitizer (DESIGN §11, issue 10 item 5), inside workerd where the API runs it: the rules one by
 * one, and a public corpus of XSS vectors (tests/fixtures/xss-vectors.ts: HTML5 Security Cheatsheet, DOMPurify's
 * fixtures, and our own) after which no output may hold an active element, an event-handler attribute or a script URL.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { RICH_CONTENT_ELEMENTS, safeUrl, sanitizeHtml } from "../../src/shared/rich-content";
import corpus from "../fixtures/xss-vectors";

type ChildNode = DefaultTreeAdapterMap["childNode"];
const ATTRIBUTES = new Set(["href", "src", "alt", "dir", "colspan", "rowspan", "rel"]);

/** Everything a browser would find dangerous in `html`, read with a real HTML parser (empty when safe). */
function dangers(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!("tagName" in node)) continue;
      if (node.namespaceURI !== "http://www.w3.org/1999/xhtml" || !RICH_CONTENT_ELEMENTS.includes(node.tagName)) found.push(`element <${node.tagName}>`);
      for (const attr of node.attrs) {
        if (/^on/i.test(attr.name)) found.push(`event handler ${attr.name}`);
        else if (!ATTRIBUTES.has(attr.name)) found.push(`attribute ${attr.name}`);
        if (attr.name === "href" || attr.name === "src") {
          const url = attr.value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
          const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
          if (scheme && !["http", "https", "mailto"].includes(scheme)) found.push(`${scheme}: URL in ${attr.name}`);
          if (/^[/\\]{2}|^\/\\/.test(url)) found.push(`off-site ${attr.name} ${url}`);
        }
      }
      visit(node.childNodes);
    }
  };
  visit(parseFragment(html).childNodes);
  if (/<(script|iframe|object|embed|svg|math|style|form|base|meta|link|template|noscript)\b/i.test(html)) found.push("raw active tag");
  return found;
}

describe("the XSS corpus", () => {
  const vectors = corpus.vectors as { source: string; title: string; payload: string }[];

  it(`holds hundreds of public vectors (${corpus.count})`, () => {
    expect(vectors.length).toBe(corpus.count);
    expect(vectors.length).toBeGreaterThanOrEqual(400);
    // The check itself sees danger in the raw vectors: it is not a check that cannot fail.
    expect(vectors.filter((v) => dangers(v.payload).length > 0).length).toBeGreaterThan(300);
  });

  it("leaves no active element, event handler or script URL in any output, and output is stable", () => {
    const failures: string[] = [];
    for (const vector of vectors) {
      const out = sanitizeHtml(vector.payload);
      const problems = dangers(out);
      if (problems.length) failures.push(`${vector.source} (${vector.title}): ${problems.join(", ")} in ${out.slice(0, 200)}`);
      if (sanitizeHtml(out) !== out) failures.push(`${vector.source}: not stable: ${out.slice(0, 200)}`);
      // What a browser reads is exactly what we wrote: no half tag at the end waiting for the next piece of the page.
      if (serialize(parseFragment(out)) !== out) failures.push(`${vector.source}: not a clean serialization: ${out.slice(0, 200)}`);
    }
    console.log(`xss corpus: ${vectors.length} vectors, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});

describe("sanitizeHtml", () => {
  it.each([
    ["an unclosed tag at the end (the probe's finding): the parser drops it as a browser does", `<p>Visa</p><img src=x onerror=alert(1)`, "<p>Visa</p>"],
    ["a script element, with its content", `<p>a</p><script>alert(1)</script><p>b</p>`, "<p>a</p><p>b</p>"],
    ["an upper-case script with src", `x<SCRIPT SRC=//evil.example/x.js></SCRIPT>y`, "xy"],
    ["event handlers, style and unknown attributes", `<p onclick="a()" OnMouseOver=b() style="color:red" class="c" id="d">t</p>`, "<p>t</p>"],
    ["an image's onerror", `<img src="/api/files/visa/x.png" onerror=alert(1)>`, `<img src="/api/files/visa/x.png">`],
    ["an image without a usable src", `<img src="javascript:alert(1)" alt="a">`, ""],
    ["style, iframe, object, embed, form", `<style>p{}</style><iframe src=x>i</iframe><object data=x>o</object><embed src=x><form><input value=1></form>k`, "k"],
    ["svg and math, whole", `<svg onload=alert(1)><a href="javascript:x"><text>t</text></a></svg><math><mi>x</mi></math>k`, "k"],
    ["textarea content that would become tags if unwrapped", `<textarea><img src=x onerror=alert(1)></textarea>k`, "k"],
    ["comments", `<!-- <img src=x onerror=alert(1)> -->k<!--x-->`, "k"],
    ["unknown elements, unwrapped", `<section><font color=red>t</font></section>`, "t"],
    ["text that looks like markup stays text", `<p>1 &lt; 2 &amp;&amp; a < b</p>`, "<p>1 &lt; 2 &amp;&amp; a &lt; b</p>"],
    ["dir only with a known value", `<div dir="rtl">a</div><span dir="sideways">b</span><p DIR=LTR>c</p>`, `<div dir="rtl">a</div><span>b</span><p dir="ltr">c</p>`],
    ["table spans only as small numbers", `<table><tr><td colspan="2" rowspan="9999">a</td><th colspan="x">b</th></tr></table>`, `<table><tbody><tr><td colspan="2">a</td><th>b</th></tr></tbody></table>`],
    ["the first of repeated attributes, as browsers do", `<a href="https://ok.example/" href="javascript:alert(1)">x</a>`, `<a href="https://ok.example/" rel="noopener noreferrer nofollow">x</a>`],
    ["base, meta and link elements", `<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=import href=x>k`, "k"],
    ["misnested tags, closed as a browser closes them", `<p><strong>a<em>b</strong>c</em></p>`, "<p><strong>a<em>b</em></strong><em>c</em></p>"],
  ])("%s", (_, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it("never lets a tag hidden in noscript keep a handler", () => {
    const out = sanitizeHtml(`<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>k`);
    expect(out).not.toMatch(/onerror|<noscript|<p title/i);
    expect(dangers(out)).toEqual([]);
  });

  it.each([
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", " \u0001javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
    "&#106;avascript:alert(1)", "&#0000106&#0000097vascript:alert(1)", "&#x6A;avascript:alert(1)", "jav&#x09;ascript:alert(1)",
    "jav&Tab;ascript&colon;alert(1)", "javascript&#58;alert(1)", "vbscript:msgbox(1)", "VBScript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", " data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
    "//evil.example/", "/\\evil.example/", "https:evil.example",
  ])("leaves no dangerous link for %j", (href) => {
    expect(sanitizeHtml(`<a href="${href.replace(/"/g, "&quot;")}">x</a>`)).toBe("<a>x</a>");
  });

  it("keeps the allowed elements and safe URLs", () => {
    const html = `<h2>A</h2><h3>B</h3><h4>C</h4><p>p<br>q</p><ol><li>1</li></ol><blockquote>q</blockquote><hr>`
      + `<a href="https://x.example/?a=1&amp;b=2">s</a><a href="mailto:a@b.example">m</a><a href="/en/visa/">r</a><a href="#top">t</a>`
      + `<img src="/api/files/visa/0193a000-0000-7000-8000-000000000001.webp" alt="A &amp; B">`;
    expect(sanitizeHtml(html)).toBe(
      `<h2>A</h2><h3>B</h3><h4>C</h4><p>p<br>q</p><ol><li>1</li></ol><blockquote>q</blockquote><hr>`
        + `<a href="https://x.example/?a=1&amp;b=2" rel="noopener noreferrer nofollow">s</a><a href="mailto:a@b.example" rel="noopener noreferrer nofollow">m</a>`
        + `<a href="/en/visa/">r</a><a href="#top">t</a>`
        + `<img src="/api/files/visa/0193a000-0000-7000-8000-000000000001.webp" alt="A &amp; B">`,
    );
  });

  it("keeps Arabic and Kurdish text and its direction", () => {
    const html = `<p dir="rtl">تأشيرة سياحية — ڤیزای گەشتیاری</p>`;
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe("safeUrl", () => {
  it("allows http(s), mailto, site paths and fragments for links; images only https and site paths", () => {
    expect(safeUrl("https://a.example/x", "link")).toBe("https://a.example/x");
    expect(safeUrl("mailto:a@b.example", "link")).toBe("mailto:a@b.example");
    expect(safeUrl("mailto:a@b.example", "image")).toBeNull();
    expect(safeUrl("http://a.example/x.png", "image")).toBeNull();
    expect(safeUrl("/api/files/visa/x.png", "image")).toBe("/api/files/visa/x.png");
    expect(safeUrl("//evil.example/x.png", "image")).toBeNull();
    expect(safeUrl("tel:123", "link")).toBeNull();
  });
});
