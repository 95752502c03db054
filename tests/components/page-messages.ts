// Component tests render an island with exactly the messages its page passes: the prefixes are read from the
// page's `messagesFor(lang, [...])` in src/pages, so a test fails the way the browser would (raw keys) when the
// page forgets a prefix.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { addMessages, type Messages } from "../../src/lib/i18n";
import { messagesFor, tFor } from "../../src/lib/messages";
import { TOAST_KEYS } from "../../src/lib/toast-messages";
import type { Locale } from "../../src/shared/locales";

/** The prefixes `page` (path under src/pages/[lang], without .astro) passes to `island`. */
export function pagePrefixes(page: string, island: string): string[] {
  const source = readFileSync(resolve(__dirname, "../../src/pages/[lang]", `${page}.astro`), "utf8");
  // An island the edge draws instead (issue 9) is mounted by the page's script into its view, named after it in
  // kebab case (VisaDetails → data-edge-view="visa-details"), with the messages in the view's data-messages.
  const view = island.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();
  const mount =
    new RegExp(`<${island}\\b[^>]*messages=\\{messagesFor\\(\\s*\\w+\\s*,\\s*\\[([^\\]]*)\\]`).exec(source) ??
    new RegExp(`data-edge-view="${view}"[^>]*data-messages=\\{JSON\\.stringify\\(messagesFor\\(\\s*\\w+\\s*,\\s*\\[([^\\]]*)\\]`).exec(source);
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
