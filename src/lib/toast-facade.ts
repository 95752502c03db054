/** The kinds of toast (spec §9). */
export type ToastType = "success" | "error" | "warning" | "info" | "default";

/**
 * What a caller may say about one toast. Defined here, with the calls, rather than in the store: the store builds on
 * the facade, so the facade needs nothing of the store (no import circle; tests/unit/layering.test.ts).
 */
export interface ToastOptions {
  description?: string;
  /** Milliseconds; 0 keeps the toast until dismissed. */
  timeout?: number;
  closeOnClick?: boolean;
  /** Background colour (foreground push messages carry one; spec §9 default white). */
  color?: string;
  icon?: string;
}

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
