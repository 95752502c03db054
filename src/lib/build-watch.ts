/**
 * New deployments (spec §7, §9): poll /builds/latest.json every hour with a cache-busting timestamp; once its id
 * differs from this page's build, a failed navigation or chunk load reloads the target page. A reload of the same
 * path is allowed once per 10 000 ms, so a broken deployment can never loop.
 */
import { atom } from "nanostores";

export const BUILD_POLL_MS = 3_600_000;
export const RELOAD_TTL_MS = 10_000;
const RELOAD_KEY = "reload-guard";

/** True once the server has a build newer than the one this page came from. */
export const $newBuildAvailable = atom(false);

export async function checkForNewBuild(currentId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return false;
    const latest = (await response.json()) as { id?: unknown };
    if (typeof latest.id === "string" && latest.id !== currentId) $newBuildAvailable.set(true);
  } catch {
    // Offline or mid-deploy: try again at the next poll.
  }
  return $newBuildAvailable.get();
}

/**
 * Reloads `path` unless it was reloaded less than RELOAD_TTL_MS ago; returns whether it did.
 * `storage` and `go` are parameters so tests can run it without a browser.
 */
export function reloadOnce(
  path: string,
  { storage = sessionStorage, go = (p: string) => location.assign(p), now = Date.now() } = {},
): boolean {
  try {
    const previous = JSON.parse(storage.getItem(RELOAD_KEY) ?? "null") as { path: string; expires: number } | null;
    if (previous && previous.path === path && previous.expires > now) return false;
    storage.setItem(RELOAD_KEY, JSON.stringify({ path, expires: now + RELOAD_TTL_MS }));
  } catch {
    // Storage refused (private mode): reload anyway; the browser's own back-off still applies.
  }
  go(path);
  return true;
}

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch dynamically/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return CHUNK_ERROR.test(message);
}

/** How long after a link is followed a failed chunk still belongs to that navigation. */
export const NAVIGATION_WINDOW_MS = 10_000;

/**
 * Starts polling and the reload-on-error handlers; returns a stop function. A chunk that fails to load while a
 * navigation is under way reloads the page being navigated to (spec §8). Outside a navigation the page reloads itself
 * only when a newer build is out (its chunks are gone for good): a chunk that failed because the server could not be
 * reached (offline, restarting) leaves the page as it is, its caller sees the error, and nobody lands on the
 * browser's error page. `go` and `fetcher` are parameters so tests can run it without leaving the page.
 */
export function watchBuilds(currentId: string, { go, fetcher }: { go?: (path: string) => void; fetcher?: typeof fetch } = {}): () => void {
  const here = () => location.pathname + location.search;
  let navigation: { path: string; at: number } | null = null;
  const navigatingTo = () => (navigation && Date.now() - navigation.at < NAVIGATION_WINDOW_MS ? navigation.path : null);
  const reload = (path: string) => reloadOnce(path, go ? { go } : {});
  const check = () => checkForNewBuild(currentId, fetcher);
  const timer = setInterval(() => void check(), BUILD_POLL_MS);
  /** Answers whether the failure was taken care of by a reload now (the import's error is then not passed on). */
  const onChunkError = (): boolean => {
    const target = navigatingTo();
    if (target || $newBuildAvailable.get()) return reload(target ?? here());
    void check().then((newer) => newer && reload(here()));
    return false;
  };
  // Vite reports a chunk that failed to load as vite:preloadError; preventing it swallows the import's error.
  const onPreloadError = (event: Event) => {
    if (onChunkError()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) onChunkError();
  };
  const linkOf = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    return link instanceof HTMLAnchorElement && link.origin === location.origin && !link.target ? link : null;
  };
  // Remember where the visitor is going; after a new deployment, a link is followed as a full page load.
  const onClick = (event: MouseEvent) => {
    const link = linkOf(event);
    if (!link) return;
    navigation = { path: link.pathname + link.search, at: Date.now() };
    if (!$newBuildAvailable.get()) return;
    event.preventDefault();
    reload(navigation.path) || (go ?? ((p: string) => location.assign(p)))(link.href);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  document.addEventListener("click", onClick, true);
  return () => {
    clearInterval(timer);
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
    document.removeEventListener("click", onClick, true);
  };
}
