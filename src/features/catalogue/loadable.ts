/**
 * A store that loads its data when a component first shows it (nanostores onMount) and can be loaded again.
 * States are what the page shows: a skeleton while loading, the data, a not-found message, or an error with a retry
 * (the HTTP client has already shown the error notice itself).
 */
import { FetchError } from "ofetch";
import { atom, onMount, task, type ReadableAtom } from "nanostores";

export type Loadable<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "notFound" }
  | { status: "error" };

export interface LoadableStore<T> extends ReadableAtom<Loadable<T>> {
  /** Loads again; an answer that arrives after a newer load started is dropped. */
  reload(): Promise<void>;
}

/** False while Astro pre-renders the pages. */
export const inBrowser = () => typeof document !== "undefined";

/** 404 (unknown, or hidden from the agent's group) and 400 (not an id at all) both mean "there is no such thing". */
export function isNotFound(error: unknown): boolean {
  return error instanceof FetchError && (error.status === 404 || error.status === 400);
}

/** Runs `load` and keeps only the newest answer in `$store`. Shared by every catalogue store. */
export function latestOnly<T>(set: (state: Loadable<T>) => void) {
  let generation = 0;
  return (load: () => Promise<T>, { keep = false }: { keep?: boolean } = {}) => {
    const mine = ++generation;
    if (!keep) set({ status: "loading" });
    return task(async () => {
      try {
        const data = await load();
        if (mine === generation) set({ status: "ready", data });
      } catch (error) {
        if (mine !== generation) return;
        console.debug("catalogue: load failed", error);
        set({ status: isNotFound(error) ? "notFound" : "error" });
      }
    });
  };
}

export function loadableStore<T>(load: () => Promise<T>): LoadableStore<T> {
  const $store = atom<Loadable<T>>({ status: "loading" });
  const run = latestOnly<T>((state) => $store.set(state));
  const reload = () => run(load);
  onMount($store, () => {
    // get() mounts a store for a moment too: pre-rendering (no document) must never call the API.
    if (!inBrowser()) return;
    // Already loaded by an earlier mount: keep what is shown and refresh it quietly.
    void run(load, { keep: $store.get().status === "ready" });
  });
  return Object.assign($store, { reload });
}
