import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PREFETCH_DELAY_MS, prefetchAllowed, prefetchedAge, schedulePrefetch } from "../../src/lib/prefetch";
import { SPECULATION_RULES, speculationRulesText } from "../../src/lib/speculation-rules";

/** happy-dom's test API (not in the DOM typings). */
type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };

describe("prefetchAllowed", () => {
  it("is false on slow-2g", () => {
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });
  it("is false when the user asked to save data", () => {
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });
  it("is true on other connections and when the browser does not say", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g", saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
  });
});

describe("schedulePrefetch", () => {
  const rules = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[type="speculationrules"]'));

  function setConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined) {
    Object.defineProperty(navigator, "connection", { configurable: true, value: connection });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/");
    document.head.innerHTML = "";
    // As Base.astro draws it: inert inside its template until prefetch switches it on.
    document.body.innerHTML = `<nav><a href="/en/visa/">Visas</a></nav><template data-speculation-rules><script type="speculationrules">${speculationRulesText()}</script></template>`;
  });

  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as unknown as Record<string, unknown>).connection;
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it("waits 1000 ms before the page's rules go live", () => {
    expect(PREFETCH_DELAY_MS).toBe(1000);
    setConnection({ effectiveType: "4g" });
    schedulePrefetch();
    expect(rules()).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(rules()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rules()).toHaveLength(1);
  });

  it("counts the 1000 ms from the page's start when it is scheduled later", () => {
    setConnection({ effectiveType: "4g" });
    schedulePrefetch(700);
    vi.advanceTimersByTime(299);
    expect(rules()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rules()).toHaveLength(1);
    document.head.innerHTML = "";
    schedulePrefetch(2500);
    vi.advanceTimersByTime(0);
    expect(rules()).toHaveLength(1);
  });

  it("puts the template's rules in the head once, text unchanged (the CSP allows them by the hash of that text)", () => {
    setConnection(undefined);
    schedulePrefetch();
    schedulePrefetch();
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(rules()).toHaveLength(1);
    expect(rules()[0]!.textContent).toBe(speculationRulesText());
    // No <link rel=prefetch> of every navigation link any more: the signed-in pages they fetched were thrown away.
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });

  it("prefetches nothing on slow-2g", () => {
    setConnection({ effectiveType: "slow-2g" });
    schedulePrefetch();
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(rules()).toEqual([]);
  });

  it("prefetches nothing with Save-Data on", () => {
    setConnection({ effectiveType: "4g", saveData: true });
    schedulePrefetch();
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(rules()).toEqual([]);
  });
});

describe("the speculation rules", () => {
  const [rule] = SPECULATION_RULES.prefetch;
  const text = speculationRulesText();

  it("prefetch on intent (pointer resting on a link, or pressing it), never prerender", () => {
    expect(rule.eagerness).toBe("moderate");
    expect(SPECULATION_RULES).not.toHaveProperty("prerender");
    expect(SPECULATION_RULES.prefetch).toHaveLength(1);
  });

  it("leave out what changes state or is not a page", () => {
    for (const left of ['"/api/*"', '"/s/*"', "[data-locale-link]", "[download]", "[target]", "[aria-current='page']"]) {
      expect(text).toContain(left);
    }
  });
});

describe("prefetchedAge", () => {
  const served = (deliveryType: string) =>
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ deliveryType } as unknown as PerformanceEntry]);

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/");
    sessionStorage.clear();
    document.head.innerHTML = "";
    document.body.innerHTML = `<template data-speculation-rules><script type="speculationrules">{}</script></template><a id="go" href="/en/requests/">Requests</a>`;
    schedulePrefetch(PREFETCH_DELAY_MS);
    vi.advanceTimersByTime(0);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
    document.body.innerHTML = "";
  });

  /** The reader reaches for the link, waits `ms`, clicks; the next page opens at the link's address. */
  function reachWaitClick(ms: number) {
    const link = document.getElementById("go")!;
    link.dispatchEvent(new Event("pointerover", { bubbles: true }));
    vi.advanceTimersByTime(ms);
    // A second pass over the link does not move the time: the page was fetched on the first.
    link.dispatchEvent(new Event("pointerover", { bubbles: true }));
    link.addEventListener("click", (event) => event.preventDefault());
    link.click();
    (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/requests/");
  }

  it("is the time since the reader first reached for the link, on a page served from the prefetch", () => {
    reachWaitClick(45_000);
    served("navigational-prefetch");
    expect(prefetchedAge()).toBe(45_000);
  });

  it("is 0 for a page fetched for its navigation, or opened from another link", () => {
    reachWaitClick(45_000);
    served("");
    expect(prefetchedAge()).toBe(0);
    vi.restoreAllMocks();
    served("navigational-prefetch");
    (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/visa/");
    expect(prefetchedAge()).toBe(0);
  });
});
