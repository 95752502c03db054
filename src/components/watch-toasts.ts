/**
 * Mounts the toaster when the store gets its first toast, for code that raises toasts through toast.store.ts itself
 * (the live client, the admin pages). No React here: a page that never shows a toast never loads the toaster, nor
 * React with it (issue 9: /featured is drawn by the edge and needs no React at all).
 */
import { $toasts } from "../lib/toast.store";

const mount = () => void import("./mount-toaster").then(({ mountToaster }) => mountToaster());

export function watchToasts(): void {
  if ($toasts.get().length) return mount();
  const unlisten = $toasts.listen((toasts) => {
    if (!toasts.length) return;
    unlisten();
    mount();
  });
}
