// fonts: the font bytes a page downloads, per locale (issue 32), read from the build in dist/: exact, whatever the
// host's load. A face is fetched when the page shows a character of its unicode-range in its family; the page's text
// is approximated by every message of its locale (locales/<l>.json) plus what Intl writes there (digits, dates). The
// Vazirmatn family is the text face of Arabic and Kurdish pages; English pages use it only for text marked Arabic or
// Kurdish (the language menu's names), i.e. the Arabic-script characters of en.json. woff2 is compressed already: the
// file's size is what travels.
//
//   npm run build && npm run bench -- fonts
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const LOCALES = ["en", "ar", "ku"];
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;

function localeText(repoRoot, locale) {
  const text = Object.values(JSON.parse(readFileSync(join(repoRoot, "locales", `${locale}.json`), "utf8"))).join("");
  if (locale === "en") return [...text].filter((ch) => ARABIC_SCRIPT.test(ch)).join("");
  const tag = locale === "ar" ? "ar-IQ" : "ckb";
  const date = new Intl.DateTimeFormat(tag, { numberingSystem: "arab", dateStyle: "full", timeStyle: "short" });
  const extra = Array.from({ length: 12 }, (_, month) => date.format(new Date(Date.UTC(2026, month, 10 + month))));
  extra.push(new Intl.NumberFormat(tag, { numberingSystem: "arab", style: "currency", currency: "USD" }).format(-1234567.89));
  return text + extra.join("");
}

/** U+0600-06FF,U+200C → [[0x600,0x6ff],[0x200c,0x200c]] */
const parseRange = (range) =>
  range.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from, 16), parseInt(to, 16)];
  });

/**
 * Every face that loads a file: Vazirmatn's two faces, which each page's head script declares (src/lib/page-fonts.ts,
 * issue 32: ["file", "unicode-range"] pairs), and any @font-face with a url() in the built stylesheets.
 */
function builtFaces(distDir) {
  const faces = [];
  const page = readFileSync(join(distDir, "ar", "index.html"), "utf8");
  for (const [, url, range] of page.matchAll(/\["(\/_astro\/[^"]+\.woff2)","(U\+[^"]+)"\]/g)) {
    faces.push({ family: "Vazirmatn Variable", url, ranges: parseRange(range) });
  }
  const astro = join(distDir, "_astro");
  for (const name of readdirSync(astro).filter((n) => n.endsWith(".css"))) {
    for (const [, body] of readFileSync(join(astro, name), "utf8").matchAll(/@font-face\s*\{([^}]*)\}/g)) {
      const url = body.match(/url\(["']?([^)"']+)["']?\)/)?.[1];
      if (!url) continue; // local() fallbacks download nothing
      const family = body.match(/font-family:\s*["']?([^;"']+)/)?.[1];
      const range = body.match(/unicode-range:\s*([^;]+)/)?.[1];
      faces.push({ family, url, ranges: range ? parseRange(range) : [[0, 0x10ffff]] });
    }
  }
  const unique = new Map(faces.map((f) => [`${f.family} ${f.url}`, f]));
  return [...unique.values()];
}

function preloadedFonts(distDir, locale) {
  const html = readFileSync(join(distDir, locale, "index.html"), "utf8");
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]);
}

const size = (distDir, url) => statSync(join(distDir, url)).size;

export async function measureFonts({ distDir, repoRoot }) {
  const faces = builtFaces(distDir);
  return LOCALES.map((locale) => {
    const codepoints = new Set([...localeText(repoRoot, locale)].map((ch) => ch.codePointAt(0)));
    const used = faces.filter((face) => [...codepoints].some((cp) => face.ranges.some(([a, b]) => cp >= a && cp <= b)));
    const files = [...new Set(used.map((f) => f.url))].map((url) => ({ file: url.replace(/^\/_astro\//, ""), bytes: size(distDir, url) }));
    const preloaded = preloadedFonts(distDir, locale).map((url) => ({ file: url.replace(/^\/_astro\//, ""), bytes: size(distDir, url) }));
    const lazy = faces.filter((f) => !used.includes(f)).map((f) => ({ file: f.url.replace(/^\/_astro\//, ""), bytes: size(distDir, f.url) }));
    return {
      locale,
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      files,
      preloadedBytes: preloaded.reduce((sum, f) => sum + f.bytes, 0),
      preloaded,
      onlyForOtherCharacters: [...new Map(lazy.map((f) => [f.file, f])).values()],
    };
  });
}

const fmt = (n) => n.toLocaleString("en-US");
export function formatFontsMarkdown(rows) {
  const out = [
    `## Font bytes per locale (${new Date().toISOString().slice(0, 10)})`,
    "",
    "What a page of each locale downloads in fonts (woff2, the bytes that travel), from the build: the faces whose " +
      "characters the locale's texts use, and what its head preloads. Exact, whatever the host's load. English pages " +
      "fetch theirs only when the language menu (its Arabic and Kurdish names) opens.",
    "",
    "| Locale | Font bytes | Files | Preloaded | Fetched only for other characters |",
    "|---|--:|---|--:|---|",
  ];
  for (const r of rows) {
    const list = (files) => files.map((f) => `\`${f.file}\` ${fmt(f.bytes)} B`).join(", ") || "none";
    out.push(`| ${r.locale} | **${fmt(r.bytes)}** | ${list(r.files)} | ${fmt(r.preloadedBytes)} | ${list(r.onlyForOtherCharacters)} |`);
  }
  return out.join("\n") + "\n";
}
