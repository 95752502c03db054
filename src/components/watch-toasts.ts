/**
 * Mounts the toaster when the store gets its first toast, for code that raises toasts through toast.store.ts itself
 * (the live client, the admin pages). The toaster is plain DOM and a few kB (Toaster.ts), so it comes with that code
 * instead of being fetched on the first toast: a live push toast shows the moment its message arrives (issue 9).
 */
import { $toasts } from "../lib/toast.store";
import { mountToaster } from "./mount-toaster";

export function watchToasts(): void {
  if ($toasts.get().length) return mountToaster();
  const unlisten = $toasts.listen((toasts) => {
    if (!toasts.length) return;
    unlisten();
    mountToaster();
  });
}
