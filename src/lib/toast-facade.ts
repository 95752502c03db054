import type { ToastOptions, ToastType } from "./toast.store";

/**
 * toast.success(…), toast.error(…) and the rest over a show function: the same calls whether they go through the
 * light queue (toast.ts, which loads the store on first use) or straight to the store (toast.store.ts, which answers
 * the toast's id).
 */
export const toastFacade = <R>(show: (type: ToastType, title: string, options?: ToastOptions) => R) => ({
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  warning: (title: string, options?: ToastOptions) => show("warning", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
  show: (title: string, options?: ToastOptions) => show("default", title, options),
});
