/**
 * The edge's per-isolate caches keep VALUES, never promises (wrangler dev logged "Cannot perform I/O on behalf of a
 * different request (ReadableStreamSource)" now and then): a pending read belongs to the request that started it, so
 * no request may await another request's read. Each request that finds nothing cached reads for itself; a failed read
 * is not kept; a theme change during a read does not let the old colours back in.
 */
import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { forgetScriptHashes, loadScriptHashes } from "../../functions/edge/headers";
import { DEFAULT_COLOURS, activeThemeStyle, forgetThemeStyle, themeStyleCss } from "../../functions/services/themes";
import { BASE } from "./fixtures";

interface Gate<T> {
  promise: Promise<T>;
  open: (value: T) => void;
}
function gate<T>(): Gate<T> {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A D1 stand-in whose n-th read of the active theme answers what `answers[n]` gives (the last one again after that);
 * the theme's banners (the edge's second, list query) are none.
 */
function fakeDb(answers: Array<() => Promise<unknown>>) {
  let reads = 0;
  const db = {
    prepare: () => ({
      bind: () => ({ first: () => answers[Math.min(reads++, answers.length - 1)]!(), all: () => Promise.resolve({ results: [] }) }),
    }),
  };
  return { db: db as unknown as D1Database, reads: () => reads };
}

const themeRow = (primary: string) => ({
  id: "t", name: "T", active: 1, light: JSON.stringify({ ...DEFAULT_COLOURS.light, primary }), dark: JSON.stringify(DEFAULT_COLOURS.dark),
  logo_key: null, created_at: "", updated_at: "",
});
const cssOf = (primary: string) => themeStyleCss({ ...DEFAULT_COLOURS.light, primary }, DEFAULT_COLOURS.dark);

afterEach(() => {
  forgetThemeStyle();
  forgetScriptHashes();
});

describe("the theme colours cache", () => {
  it("never hands one caller's pending read to another: concurrent first callers read for themselves", async () => {
    forgetThemeStyle();
    const slow = gate<unknown>();
    const { db, reads } = fakeDb([() => slow.promise]);
    const first = activeThemeStyle(db, 1_000);
    const second = activeThemeStyle(db, 1_001);
    expect(reads()).toBe(2);
    slow.open(themeRow("#112233"));
    expect(await first).toBe(cssOf("#112233"));
    expect(await second).toBe(cssOf("#112233"));
    // Then the value is kept for a minute: no more reads.
    expect(await activeThemeStyle(db, 30_000)).toBe(cssOf("#112233"));
    expect(reads()).toBe(2);
    await activeThemeStyle(db, 62_000);
    expect(reads()).toBe(3);
  });

  it("does not keep a failed read for the minute: the next page reads again and gets the colours", async () => {
    forgetThemeStyle();
    const { db, reads } = fakeDb([() => Promise.reject(new Error("D1 hiccup")), () => Promise.resolve(themeRow("#445566"))]);
    expect(await activeThemeStyle(db, 1_000)).toBe("");
    expect(await activeThemeStyle(db, 1_001)).toBe(cssOf("#445566"));
    expect(reads()).toBe(2);
  });

  it("does not store colours read before a theme change once the change is made", async () => {
    forgetThemeStyle();
    const old = gate<unknown>();
    const { db } = fakeDb([() => old.promise, () => Promise.resolve(themeRow("#00aa00"))]);
    const before = activeThemeStyle(db, 1_000);
    forgetThemeStyle(); // an admin saved a theme while that read was under way
    old.open(themeRow("#aa0000"));
    expect(await before).toBe(cssOf("#aa0000"));
    expect(await activeThemeStyle(db, 1_001)).toBe(cssOf("#00aa00"));
  });
});

describe("the script hashes of the CSP", () => {
  const assets = (answers: Array<() => Promise<Response>>) => {
    let reads = 0;
    return { fetcher: { fetch: () => answers[Math.min(reads++, answers.length - 1)]!() } as unknown as Fetcher, reads: () => reads };
  };
  const url = new URL(`${BASE}/en/`);

  it("never hands one request's pending read to another, and keeps the value once read", async () => {
    const slow = [gate<Response>(), gate<Response>()];
    const { fetcher, reads } = assets([() => slow[0]!.promise, () => slow[1]!.promise]);
    const first = loadScriptHashes(fetcher, url);
    const second = loadScriptHashes(fetcher, url);
    expect(reads()).toBe(2);
    slow[1]!.open(Response.json({ scriptHashes: ["'sha256-abc='"] }));
    expect(await second).toEqual(["'sha256-abc='"]);
    slow[0]!.open(Response.json({ scriptHashes: ["'sha256-abc='"] }));
    expect(await first).toEqual(["'sha256-abc='"]);
    expect(await loadScriptHashes(fetcher, url)).toEqual(["'sha256-abc='"]);
    expect(reads()).toBe(2);
  });

  it("keeps the hashes after one good read, but never an error or a missing file", async () => {
    const { fetcher, reads } = assets([
      () => Promise.resolve(new Response("oops", { status: 500 })),
      () => Promise.reject(new Error("network")),
      () => Promise.resolve(Response.json({ scriptHashes: ["'sha256-xyz='"] })),
    ]);
    expect(await loadScriptHashes(fetcher, url)).toEqual([]);
    expect(await loadScriptHashes(fetcher, url)).toEqual([]);
    expect(await loadScriptHashes(fetcher, url)).toEqual(["'sha256-xyz='"]);
    expect(await loadScriptHashes(fetcher, url)).toEqual(["'sha256-xyz='"]);
    expect(reads()).toBe(3);
  });
});

describe("concurrent first requests to a fresh isolate", () => {
  it("all answer, each with the build's script hashes in its CSP", async () => {
    forgetThemeStyle();
    forgetScriptHashes();
    const locales = ["en", "ar", "ku", "en", "ar", "ku", "en", "ar"];
    const answers = await Promise.all(locales.map((locale) => SELF.fetch(`${BASE}/${locale}/login/`, { redirect: "manual" })));
    const policies = new Map<string, Set<string>>();
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("</html>");
      const seen = policies.get(locales[i]!) ?? new Set<string>();
      seen.add(answer.headers.get("Content-Security-Policy") ?? "");
      policies.set(locales[i]!, seen);
    }
    // Each page's policy names its own inline scripts (the font's differs between English and the Arabic-script pages).
    const built = (await (await SELF.fetch(`${BASE}/builds/csp.json`)).json()) as { pages: Record<string, string[]> };
    for (const [locale, seen] of policies) {
      expect(seen.size, locale).toBe(1);
      const [policy] = [...seen];
      expect(built.pages[`/${locale}/login/`]!.length).toBeGreaterThan(0);
      for (const hash of built.pages[`/${locale}/login/`]!) expect(policy).toContain(hash);
    }
  });
});
