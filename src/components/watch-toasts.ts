/**
 * Mounts the toaster when the store gets its first toast, for code that raises toasts through toast.store.ts itself
 * (the live client, the admin pages). No React here: a page that never shows a toast never loads the toaster, nor
 * React with it (issue 9: /featured is drawn by the edge and needs no React at all).
 */
import { $toasts } from "../lib/toast.store";

const load = () => import("./mount-toaster");
const mount = () => void load().then(({ mountToaster }) => mountToaster());

/**
 * Loads the toaster's code without showing anything. A page with live delivery does this once its sockets are up:
 * a live toast must show within a second of the change (issue 13), and loading React and the toaster only when the
 * first one arrives took ~0.9 s of that second on a busy machine. Loaded after the page's first view, never at start.
 */
export function warmToaster(): void {
  const idle = () => void load().catch((error: unknown) => console.debug("toaster not warmed", error));
  if ("requestIdleCallback" in window) requestIdleCallback(idle, { timeout: 2000 });
  else setTimeout(idle, 300);
}

export function watchToasts(): void {
  if ($toasts.get().length) return mount();
  const unlisten = $toasts.listen((toasts) => {
    if (!toasts.length) return;
    unlisten();
    mount();
  });
}
