import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../src/shared/routes";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const LOCALES = ["en", "ar", "ku"] as const;
type LocaleName = (typeof LOCALES)[number];

const messages = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(ROOT, "locales", `${locale}.json`), "utf8")) as Record<string, unknown>]),
) as Record<LocaleName, Record<string, unknown>>;
const en = messages.en;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

const sources = [...sourceFiles(join(ROOT, "src")), ...sourceFiles(join(ROOT, "functions"))].map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, "utf8"),
}));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const placeholders = (value: string) => new Set([...value.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]!));
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

describe("locale files", () => {
  it("have sources to check against", () => {
    expect(Object.keys(en).length).toBeGreaterThan(0);
    expect(sources.length).toBeGreaterThan(0);
  });

  it.each(["ar", "ku"] as const)("%s has exactly the keys of en", (locale) => {
    const keys = new Set(Object.keys(messages[locale]));
    const enKeys = new Set(Object.keys(en));
    const missing = [...enKeys].filter((key) => !keys.has(key));
    const extra = [...keys].filter((key) => !enKeys.has(key));
    expect(missing, `keys missing from ${locale}.json: ${missing.join(", ")}`).toEqual([]);
    expect(extra, `keys in ${locale}.json but not in en.json: ${extra.join(", ")}`).toEqual([]);
  });

  it.each(LOCALES)("%s has only non-empty string values", (locale) => {
    const bad = Object.entries(messages[locale])
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([key]) => key);
    expect(bad, `empty or non-string values in ${locale}.json: ${bad.join(", ")}`).toEqual([]);
  });

  it.each(["ar", "ku"] as const)("%s keeps every {{placeholder}} of en", (locale) => {
    const problems: string[] = [];
    for (const [key, value] of Object.entries(en)) {
      const translated = messages[locale][key];
      if (typeof value !== "string" || typeof translated !== "string") continue;
      const have = placeholders(translated);
      for (const name of placeholders(value)) if (!have.has(name)) problems.push(`${key}: missing {{${name}}}`);
      for (const name of have) if (!placeholders(value).has(name)) problems.push(`${key}: unknown {{${name}}}`);
    }
    expect(problems, `placeholder mismatches in ${locale}.json:\n${problems.join("\n")}`).toEqual([]);
  });

  it.each(["ar", "ku"] as const)("%s is actually translated (Arabic script wherever en has letters)", (locale) => {
    const untranslated = Object.entries(en)
      .filter(([, value]) => typeof value === "string" && /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, "")))
      .filter(([key]) => !ARABIC_SCRIPT.test(String(messages[locale][key] ?? "")))
      .map(([key]) => `${key}: ${JSON.stringify(messages[locale][key])}`);
    expect(untranslated, `values in ${locale}.json without Arabic-script text:\n${untranslated.join("\n")}`).toEqual([]);
  });
});

const ROUTE_KEYS = new Set(ROUTES.flatMap((route) => [`pages.${route.id}.title`, `pages.${route.id}.subtitle`]));

/** Keys of en.json that appear nowhere in src/ or functions/ as a quoted literal and are not route title/subtitle keys. */
function unusedKeys(): string[] {
  return Object.keys(en).filter((key) => {
    if (ROUTE_KEYS.has(key)) return false;
    const literal = new RegExp(`(["'\`])${escapeRegExp(baseKey(key))}\\1`);
    return !sources.some(({ text }) => literal.test(text));
  });
}

/** A plural key ("x.files_few") is used through its base ("x.files" with a count). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, "");

describe("message keys and the code", () => {
  it("uses every key of en.json somewhere in src/ or functions/", () => {
    const unused = unusedKeys();
    expect(unused, `keys in en.json that no code uses: ${unused.join(", ")}`).toEqual([]);
  });

  it("has a message for every route's title and subtitle", () => {
    const missing = ROUTES.flatMap((route) => [`pages.${route.id}.title`, `pages.${route.id}.subtitle`]).filter((key) => !(key in en));
    expect(missing, `route keys missing from en.json: ${missing.join(", ")}`).toEqual([]);
  });

  it("has every key the code asks for with t(\"…\") in en.json", () => {
    const missing: string[] = [];
    for (const { path, text } of sources) {
      for (const match of text.matchAll(/\bt\(\s*["'`]([a-zA-Z0-9_.-]+)["'`]/g)) {
        if (!(match[1]! in en) && !(`${match[1]}_other` in en)) missing.push(`${match[1]} (${path})`);
      }
    }
    expect(missing, `keys used in code but missing from en.json:\n${missing.join("\n")}`).toEqual([]);
  });
});

describe("plural forms", () => {
  const bases = [...new Set(Object.keys(en).filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey))];
  it.each(LOCALES)("%s has every plural form its language needs for each plural message", (locale) => {
    const tag = locale === "ku" ? "ckb" : locale;
    const forms = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
    const missing = bases.flatMap((base) => forms.filter((form) => !(`${base}_${form}` in messages[locale])).map((form) => `${base}_${form}`));
    expect(missing, `plural forms missing from ${locale}.json: ${missing.join(", ")}`).toEqual([]);
  });
});

describe("translations are not copies of English", () => {
  it.each(["ar", "ku"] as const)("%s never repeats an English sentence word for word", (locale) => {
    const copied = Object.entries(en)
      // A phrase (two Latin words or more), so names like "PDF" or "Visa Hub" may stay as they are.
      .filter(([, value]) => typeof value === "string" && /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(value.replace(/\{\{[^}]*\}\}/g, "")))
      .filter(([key, value]) => messages[locale][key] === value)
      .map(([key]) => key);
    expect(copied, `values in ${locale}.json identical to English: ${copied.join(", ")}`).toEqual([]);
  });
});
