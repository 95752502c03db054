// Component tests render an island with exactly the messages its page passes: the prefixes are read from the
// page's `messagesFor(lang, [...])` in src/pages, so a test fails the way the browser would (raw keys) when the
// page forgets a prefix.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { addMessages, type Messages } from "../../src/lib/i18n";
import { messagesFor, tFor } from "../../src/lib/messages";
import { TOAST_KEYS } from "../../src/lib/toast-messages";
import type { Locale } from "../../src/shared/locales";

/**
 * The prefixes `page` (path under src/pages/[lang], without .astro) passes to `island`; `view:name` reads those of
 * the edge-drawn view `<EdgeView name="name" prefixes={[…]}>`, which its island gets when it takes the view over.
 */
export function pagePrefixes(page: string, island: string): string[] {
  const source = readFileSync(resolve(__dirname, "../../src/pages/[lang]", `${page}.astro`), "utf8");
  // An island the edge draws (issue 9) takes over its view `<EdgeView name="…" prefixes={[…]}>`, named after it in
  // kebab case (VisaDetails → "visa-details") or given as `view:name`, and gets the view's messages.
  const viewName = island.startsWith("view:") ? island.slice(5) : island.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();
  const mount =
    (island.startsWith("view:") ? null : new RegExp(`<${island}\\b[^>]*messages=\\{messagesFor\\(\\s*\\w+\\s*,\\s*\\[([^\\]]*)\\]`).exec(source)) ??
    new RegExp(`<EdgeView\\b[^>]*\\sname="${viewName}"[^>]*prefixes=\\{\\[([^\\]]*)\\]`).exec(source);
  if (!mount) throw new Error(`${page}.astro passes no messagesFor(…) to <${island}>`);
  return [...mount[1]!.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!);
}

/** The messages `page` gives `island` in `locale`. */
export function pageMessages(locale: Locale, page: string, island: string): Messages {
  return messagesFor(locale, pagePrefixes(page, island));
}

/** For tests rendering a part of an island: registers the page's messages as withI18n would. */
export function usePageMessages(locale: Locale, page: string, island: string): void {
  addMessages(locale, pageMessages(locale, page, island));
}

/** The #toaster element Base.astro writes, with the toast strings embedded in the page's language. */
export function embedToaster(locale: Locale): void {
  const t = tFor(locale);
  let toaster = document.getElementById("toaster");
  if (!toaster) {
    toaster = document.createElement("div");
    toaster.id = "toaster";
    document.body.append(toaster);
  }
  toaster.dataset.messages = JSON.stringify(Object.fromEntries(TOAST_KEYS.map((key) => [key, t(key)])));
}
