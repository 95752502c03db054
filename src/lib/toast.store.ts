/**
 * Toasts of spec §9: 5000 ms, at most 20, newest on top, pause on hover and while the window has lost focus,
 * close on click, drag to dismiss past 60 % of the toast's width. Types: success, error, warning, info, default.
 * The store holds all the logic (timers included); src/components/Toaster.ts only draws it.
 */
import { atom, onMount } from "nanostores";
import { toastFacade, type ToastOptions, type ToastType } from "./toast-facade";

export type { ToastOptions, ToastType };

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_MAX = 20;
/** Fraction of the toast's width a drag must travel to dismiss it. */
export const TOAST_DRAG_DISMISS = 0.6;

export interface Toast extends Required<Pick<ToastOptions, "timeout" | "closeOnClick">> {
  id: number;
  type: ToastType;
  title: string;
  description?: string;
  color?: string;
  icon?: string;
}

export const $toasts = atom<Toast[]>([]);

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}
const timers = new Map<number, Timer>();
const pauseReasons = new Set<"hover" | "blur">();
let nextId = 1;

function startTimer(id: number): void {
  const timer = timers.get(id);
  // timeout 0 means "until dismissed": such a toast never gets a timer.
  if (!timer || timer.handle || timer.remaining <= 0 || pauseReasons.size > 0) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
}

function stopTimer(id: number): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timer.handle = null;
  timer.remaining -= Date.now() - timer.startedAt;
  // Paused after its time was already up (a busy main thread delayed the callback): it is done, not "forever".
  if (timer.remaining <= 0) dismissToast(id);
}

/** Shows a toast and returns its id. The newest goes on top; past the maximum the oldest leaves. */
export function showToast(type: ToastType, title: string, options: ToastOptions = {}): number {
  const toast: Toast = {
    id: nextId++,
    type,
    title,
    description: options.description,
    timeout: options.timeout ?? TOAST_TIMEOUT_MS,
    closeOnClick: options.closeOnClick ?? true,
    color: options.color,
    icon: options.icon,
  };
  const list = [toast, ...$toasts.get()];
  for (const dropped of list.slice(TOAST_MAX)) forget(dropped.id);
  $toasts.set(list.slice(0, TOAST_MAX));
  timers.set(toast.id, { handle: null, remaining: toast.timeout, startedAt: 0 });
  startTimer(toast.id);
  return toast.id;
}

function forget(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

export function dismissToast(id: number): void {
  forget(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function clearToasts(): void {
  for (const id of timers.keys()) forget(id);
  $toasts.set([]);
}

/** A click on a toast closes it unless it opted out (foreground push toasts do, spec §9). */
export function clickToast(id: number): void {
  if ($toasts.get().find((t) => t.id === id)?.closeOnClick) dismissToast(id);
}

/** Whether a horizontal drag of `distance` px on a toast `width` px wide dismisses it. */
export function dragDismisses(distance: number, width: number): boolean {
  return width > 0 && Math.abs(distance) >= width * TOAST_DRAG_DISMISS;
}

export function pauseToasts(reason: "hover" | "blur"): void {
  pauseReasons.add(reason);
  for (const id of [...timers.keys()]) stopTimer(id);
}

export function resumeToasts(reason: "hover" | "blur"): void {
  pauseReasons.delete(reason);
  if (pauseReasons.size === 0) for (const id of timers.keys()) startTimer(id);
}

export const toast = toastFacade(showToast);

// Pause while the window has lost focus, as long as someone is listening (the toaster is mounted).
onMount($toasts, () => {
  if (typeof window === "undefined") return;
  const blur = () => pauseToasts("blur");
  const focus = () => resumeToasts("blur");
  window.addEventListener("blur", blur);
  window.addEventListener("focus", focus);
  return () => {
    window.removeEventListener("blur", blur);
    window.removeEventListener("focus", focus);
  };
});
