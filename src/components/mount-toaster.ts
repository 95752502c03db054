/**
 * The toaster, loaded on the first toast (src/lib/toast.ts) or with the code that uses the store directly (the live
 * client, the admin pages: watchToasts). Drawn once into the #toaster element Base.astro writes; no React (Toaster.ts).
 */
import { translate } from "../lib/i18n";
import { ensureToastMessages, messageKeyFor } from "../lib/toast-messages";
import { showToast as show, type ToastOptions, type ToastType } from "../lib/toast.store";
import { renderToaster } from "./Toaster";

let mounted = false;

/** Mounts the one toaster of the page (idempotent; a page without #toaster keeps the store only). */
export function mountToaster(container = document.getElementById("toaster")): void {
  if (mounted || !container) return;
  mounted = true;
  ensureToastMessages();
  renderToaster(container);
}

export function showToast(type: ToastType, title: string, options?: ToastOptions): number {
  mountToaster();
  return show(type, title, options);
}

/** An error notice in the page's language (protocol messages through the page's embedded toast strings). */
export function notifyError(message: string): void {
  const key = messageKeyFor(message);
  if (key) ensureToastMessages();
  showToast("error", key ? translate(key) : message);
}
