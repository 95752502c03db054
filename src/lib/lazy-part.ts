/**
 * A part of an island whose code loads on first use (a dialog, an editor, a chart: issue 9), shown at once when its
 * code is already there.
 *
 * Why not React.lazy alone: `lazy(() => import(…))` suspends on its first render even when the module has arrived
 * (its factory's promise settles a microtask later), and React 19 holds a Suspense boundary's reveal back until
 * 300 ms after its fallback was shown (FALLBACK_THROTTLE_MS). A dialog opened after its code was loaded appeared
 * 300 ms late: measured on the admin pages, Create → dialog took 1.2–1.5 s, of which 0.3–0.4 s was that wait.
 * Here, once `load()` has resolved, the part resolves synchronously (a thenable that calls back at once), so nothing
 * suspends. An opener awaits `load()` before it opens (`openWith`), or, for a part a store opens, renders it once
 * `useOpenedPart` says its code is there.
 */
import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from "react";

export interface LazyPart<P> {
  /** The component to render (inside a Suspense boundary: it still suspends when its code is not there yet). */
  Part: LazyExoticComponent<ComponentType<P>>;
  /** Loads the code (once; a failed load is tried again by the next call). */
  load: () => Promise<ComponentType<P>>;
}

export function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Part = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // React.lazy reads a thenable: one that calls back synchronously resolves the part in the same render.
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return { Part, load: preload };
}

/** Opens something once the parts it shows are loaded (a failed load opens it anyway: its Suspense shows the wait). */
export async function openWith(parts: readonly { load: () => Promise<unknown> }[], open: () => void): Promise<void> {
  await Promise.all(parts.map((part) => part.load())).catch(() => undefined);
  open();
}

/**
 * For a part opened by a store (a dialog's `open`): false until it is first opened and its code is there, then true
 * for good (the part stays mounted, so it can play its closing transition).
 */
export function useOpenedPart(part: { load: () => Promise<unknown> }, open: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (open && !ready) void part.load().catch(() => undefined).then(() => setReady(true));
  }, [open, ready, part]);
  return ready;
}
