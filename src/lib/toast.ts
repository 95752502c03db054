/**
 * The toast calls of agent pages, without the toaster (issue 9). A call before the toaster has loaded waits in a
 * small queue; the first one loads src/components/mount-toaster.ts (the store of toast.store.ts, the Toaster and
 * its strings), mounts it into #toaster and replays the queue in order, so nothing raised early is lost.
 */
import type { ToastOptions, ToastType } from "./toast.store";
import { toastFacade } from "./toast-facade";

type Runtime = typeof import("../components/mount-toaster");

let runtime: Runtime | undefined;
let loading = false;
const waiting: ((runtime: Runtime) => void)[] = [];

function withToaster(run: (runtime: Runtime) => void): void {
  if (runtime) return run(runtime);
  waiting.push(run);
  if (loading) return;
  loading = true;
  import("../components/mount-toaster")
    .then((loaded) => {
      runtime = loaded;
      for (const next of waiting.splice(0)) next(loaded);
    })
    .catch((error: unknown) => {
      // Offline mid-deploy: the next toast tries again (the build watcher reloads on a newer build).
      loading = false;
      console.debug("toaster not loaded", error);
    });
}

export function showToast(type: ToastType, title: string, options?: ToastOptions): void {
  withToaster((r) => r.showToast(type, title, options));
}

/** An error notice of the HTTP client: protocol messages in the page's language (see toast-messages.ts). */
export function notifyError(message: string): void {
  withToaster((r) => r.notifyError(message));
}

export const toast = toastFacade(showToast);
