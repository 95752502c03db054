import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PREFETCH_DELAY_MS, prefetchAllowed, schedulePrefetch } from "../../src/lib/prefetch";

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
  const origin = () => location.origin;
  const hints = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')).map((l) => l.getAttribute("href"));

  function setConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined) {
    Object.defineProperty(navigator, "connection", { configurable: true, value: connection });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/");
    document.head.innerHTML = "";
    document.body.innerHTML = `
      <nav>
        <a data-prefetch href="/en/">Home (this page)</a>
        <a data-prefetch href="/en/visa/">Visas</a>
        <a data-prefetch href="/en/visa/?from=nav">Visas again</a>
        <a data-prefetch href="https://visa.example/en/featured/">Featured (absolute, same origin)</a>
        <a data-prefetch href="https://elsewhere.example/en/news/">Elsewhere</a>
        <a href="/en/login/">Not marked for prefetch</a>
      </nav>`;
  });

  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as unknown as Record<string, unknown>).connection;
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it("waits 1000 ms before adding anything", () => {
    expect(PREFETCH_DELAY_MS).toBe(1000);
    setConnection({ effectiveType: "4g" });
    schedulePrefetch();
    expect(hints()).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(hints()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hints().length).toBeGreaterThan(0);
  });

  it("counts the 1000 ms from the page's start when it is scheduled later", () => {
    setConnection({ effectiveType: "4g" });
    schedulePrefetch(700);
    vi.advanceTimersByTime(299);
    expect(hints()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hints().length).toBeGreaterThan(0);
    document.head.innerHTML = "";
    schedulePrefetch(2500);
    vi.advanceTimersByTime(0);
    expect(hints().length).toBeGreaterThan(0);
  });

  it("prefetches each same-origin navigation target once, skipping the current page and other sites", () => {
    expect(origin()).toBe("https://visa.example");
    setConnection(undefined);
    schedulePrefetch();
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(hints()).toEqual(["/en/visa/", "/en/featured/"]);
    expect(hints()).not.toContain("/en/");
    expect(hints()).not.toContain("/en/login/");
    expect(hints().some((href) => href?.includes("elsewhere"))).toBe(false);
  });

  it("prefetches nothing on slow-2g", () => {
    setConnection({ effectiveType: "slow-2g" });
    schedulePrefetch();
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(hints()).toEqual([]);
  });

  it("prefetches nothing with Save-Data on", () => {
    setConnection({ effectiveType: "4g", saveData: true });
    schedulePrefetch();
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(hints()).toEqual([]);
  });
});
