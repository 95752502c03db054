import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  $newBuildAvailable,
  BUILD_POLL_MS,
  RELOAD_TTL_MS,
  checkForNewBuild,
  isChunkLoadError,
  reloadOnce,
  watchBuilds,
} from "../../src/lib/build-watch";

function jsonFetcher(body: unknown, init: ResponseInit = { status: 200 }) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { ...init, headers: { "Content-Type": "application/json" } }));
}

function requestedUrl(fetcher: ReturnType<typeof vi.fn<typeof fetch>>, call = 0): URL {
  const input = fetcher.mock.calls[call]![0];
  return new URL(String(input instanceof Request ? input.url : input), "https://visa.example");
}

beforeEach(() => {
  $newBuildAvailable.set(false);
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("build-watch constants", () => {
  it("polls hourly and guards reloads for 10 seconds", () => {
    expect(BUILD_POLL_MS).toBe(3_600_000);
    expect(RELOAD_TTL_MS).toBe(10_000);
  });
});

describe("checkForNewBuild", () => {
  it("does not flag a new build when the server's id matches this page's", async () => {
    const fetcher = jsonFetcher({ id: "build-1" });
    await expect(checkForNewBuild("build-1", fetcher)).resolves.toBe(false);
    expect($newBuildAvailable.get()).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("flags a new build when the server's id differs", async () => {
    const fetcher = jsonFetcher({ id: "build-2" });
    await expect(checkForNewBuild("build-1", fetcher)).resolves.toBe(true);
    expect($newBuildAvailable.get()).toBe(true);
  });

  it("requests /builds/latest.json with a cache-busting timestamp and no-store", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-02T03:04:05.000Z"));
    const fetcher = jsonFetcher({ id: "build-1" });
    await checkForNewBuild("build-1", fetcher);
    vi.setSystemTime(new Date("2030-01-02T04:04:05.000Z"));
    await checkForNewBuild("build-1", fetcher);

    const first = requestedUrl(fetcher, 0);
    const second = requestedUrl(fetcher, 1);
    expect(first.pathname).toBe("/builds/latest.json");
    expect(first.searchParams.get("t")).toBe(String(Date.parse("2030-01-02T03:04:05.000Z")));
    expect(second.searchParams.get("t")).toBe(String(Date.parse("2030-01-02T04:04:05.000Z")));
    expect(first.search).not.toBe(second.search);
    expect(fetcher.mock.calls[0]![1]).toMatchObject({ cache: "no-store" });
  });

  it("swallows network errors and keeps the current state", async () => {
    const fetcher = vi.fn<typeof fetch>(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(checkForNewBuild("build-1", fetcher)).resolves.toBe(false);
    expect($newBuildAvailable.get()).toBe(false);
  });

  it("ignores error responses and malformed bodies", async () => {
    await expect(checkForNewBuild("build-1", jsonFetcher({ id: "build-2" }, { status: 503 }))).resolves.toBe(false);
    await expect(checkForNewBuild("build-1", jsonFetcher({ version: 2 }))).resolves.toBe(false);
    await expect(checkForNewBuild("build-1", jsonFetcher({ id: 42 }))).resolves.toBe(false);
    const notJson = vi.fn<typeof fetch>(async () => new Response("<html>maintenance</html>", { status: 200 }));
    await expect(checkForNewBuild("build-1", notJson)).resolves.toBe(false);
    expect($newBuildAvailable.get()).toBe(false);
  });

  it("stays flagged once a new build was seen, even if a later poll fails", async () => {
    await checkForNewBuild("build-1", jsonFetcher({ id: "build-2" }));
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError("offline");
    });
    await expect(checkForNewBuild("build-1", offline)).resolves.toBe(true);
    expect($newBuildAvailable.get()).toBe(true);
  });
});

describe("reloadOnce", () => {
  const T0 = 1_900_000_000_000;

  function mapStorage() {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    } as unknown as Storage;
  }

  it("reloads a path the first time", () => {
    const go = vi.fn();
    expect(reloadOnce("/en/visa/", { storage: mapStorage(), go, now: T0 })).toBe(true);
    expect(go).toHaveBeenCalledExactlyOnceWith("/en/visa/");
  });

  it("refuses to reload the same path again within 10 000 ms", () => {
    const storage = mapStorage();
    const go = vi.fn();
    reloadOnce("/en/visa/", { storage, go, now: T0 });
    expect(reloadOnce("/en/visa/", { storage, go, now: T0 + 1 })).toBe(false);
    expect(reloadOnce("/en/visa/", { storage, go, now: T0 + RELOAD_TTL_MS - 1 })).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it("allows the same path again once 10 000 ms have passed", () => {
    const storage = mapStorage();
    const go = vi.fn();
    reloadOnce("/en/visa/", { storage, go, now: T0 });
    expect(reloadOnce("/en/visa/", { storage, go, now: T0 + RELOAD_TTL_MS })).toBe(true);
    expect(reloadOnce("/en/visa/", { storage, go, now: T0 + 3 * RELOAD_TTL_MS })).toBe(true);
    expect(go).toHaveBeenCalledTimes(3);
  });

  it("allows a different path right away", () => {
    const storage = mapStorage();
    const go = vi.fn();
    reloadOnce("/en/visa/", { storage, go, now: T0 });
    expect(reloadOnce("/en/transactions/", { storage, go, now: T0 + 1 })).toBe(true);
    expect(go).toHaveBeenLastCalledWith("/en/transactions/");
  });

  it("remembers the guard in the tab's sessionStorage by default", () => {
    const go = vi.fn();
    expect(reloadOnce("/ar/visa/", { go, now: T0 })).toBe(true);
    expect(reloadOnce("/ar/visa/", { go, now: T0 + 5000 })).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
    expect(reloadOnce("/ar/visa/", { go, now: T0 + 5000 })).toBe(true);
  });

  it("still reloads when storage is unavailable", () => {
    const broken = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Storage;
    const go = vi.fn();
    expect(reloadOnce("/en/", { storage: broken, go, now: T0 })).toBe(true);
    expect(go).toHaveBeenCalledWith("/en/");
  });

  it("does not trust a corrupt guard entry", () => {
    const storage = mapStorage();
    storage.setItem("reload-guard", "{not json");
    const go = vi.fn();
    expect(reloadOnce("/en/", { storage, go, now: T0 })).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://visa.example/_astro/Toaster.abc.js"),
    new TypeError("Importing a module script failed."),
    new TypeError("error loading dynamically imported module: https://visa.example/_astro/x.js"),
    "Failed to fetch dynamically imported module: /_astro/y.js",
  ])("recognises %s", (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([new TypeError("Failed to fetch"), new Error("Cannot read properties of undefined"), "boom", undefined, null, 42, {}])(
    "does not treat %s as a chunk error",
    (reason) => {
      expect(isChunkLoadError(reason)).toBe(false);
    },
  );
});

describe("watchBuilds", () => {
  it("polls /builds/latest.json once an hour and flags a new deployment", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ id: "next" }), { status: 200 }));
    vi.stubGlobal("fetch", fetcher);
    const stop = watchBuilds("current");
    try {
      await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
      expect(fetcher).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(requestedUrl(fetcher).pathname).toBe("/builds/latest.json");
      expect($newBuildAvailable.get()).toBe(true);
      await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
      expect(fetcher).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
    await vi.advanceTimersByTimeAsync(3 * BUILD_POLL_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe("a chunk that fails to load during a navigation", () => {
  it("reloads the page being navigated to, not the current one", () => {
    history.replaceState(null, "", "/en/visa");
    const go = vi.fn();
    const stop = watchBuilds("current", { go });
    try {
      document.body.innerHTML = '<a href="/en/requests?status=Requested">Requests</a>';
      const link = document.querySelector("a")!;
      // The visitor follows a link; the browser has not left yet when the target's chunk fails.
      link.addEventListener("click", (event) => event.preventDefault());
      link.click();
      window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
      expect(go).toHaveBeenCalledWith("/en/requests?status=Requested");
      expect(go).not.toHaveBeenCalledWith("/en/visa");
    } finally {
      stop();
    }
  });

  it("outside a navigation, reloads the current page when a newer build is out (its chunks are gone)", async () => {
    history.replaceState(null, "", "/en/transactions");
    sessionStorage.clear();
    const go = vi.fn();
    const fetcher = vi.fn(async () => Response.json({ id: "newer" }));
    const stop = watchBuilds("current", { go, fetcher: fetcher as unknown as typeof fetch });
    try {
      const event = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(event);
      await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/en/transactions"));
      expect(fetcher).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      $newBuildAvailable.set(false);
    }
  });

  it("outside a navigation, a chunk the server could not send (offline, restarting) leaves the page as it is", async () => {
    history.replaceState(null, "", "/en/");
    sessionStorage.clear();
    const go = vi.fn();
    const fetcher = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const stop = watchBuilds("current", { go, fetcher: fetcher as unknown as typeof fetch });
    try {
      const event = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(event);
      // The import's own error reaches its caller (not swallowed), and no reload takes the visitor anywhere.
      expect(event.defaultPrevented).toBe(false);
      await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
      await new Promise((r) => setTimeout(r, 10));
      expect(go).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
