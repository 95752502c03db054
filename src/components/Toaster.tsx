import { useStore } from "../lib/use-store";
import { CircleAlert, CircleCheck, Info, TriangleAlert, Bell } from "./ui/icons";
import { useRef, useState, type PointerEvent } from "react";
import { useT } from "../lib/i18n";
import {
  $toasts, clickToast, dismissToast, dragDismisses, pauseToasts, resumeToasts, type Toast, type ToastType,
} from "../lib/toast.store";

const ICONS: Record<ToastType, typeof Info> = {
  success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info, default: Bell,
};
const TONES: Record<ToastType, string> = {
  success: "border-success-600 text-success-600",
  error: "border-error-600 text-error-600",
  warning: "border-warning-600 text-warning-600",
  info: "border-info-600 text-info-600",
  default: "border-[var(--border)] text-[var(--text)]",
};

/**
 * Renders the toast store. Placement is top-right in English and mirrored to top-left in Arabic and Kurdish
 * (inset-inline-end): the whole page mirrors, and toasts belong with the header's controls at the inline end.
 */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    // Each toast is its own live region (role status or alert), which takes the list-item role away from its <li>:
    // the list itself is only layout here, or screen readers would announce a list of no items (axe "list").
    <ol
      role="presentation"
      className="fixed top-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      onMouseEnter={() => pauseToasts("hover")}
      onMouseLeave={() => resumeToasts("hover")}
      data-testid="toaster"
    >
      {toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />)}
    </ol>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const ref = useRef<HTMLLIElement>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const [offset, setOffset] = useState(0);
  const Icon = ICONS[toast.type];

  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, moved: false };
    ref.current?.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    if (Math.abs(dx) > 3) drag.current.moved = true;
    setOffset(dx);
  };
  const onPointerUp = (event: PointerEvent) => {
    const state = drag.current;
    drag.current = null;
    if (!state) return;
    const dx = event.clientX - state.x;
    if (state.moved && dragDismisses(dx, ref.current?.offsetWidth ?? 0)) dismissToast(toast.id);
    else if (!state.moved) clickToast(toast.id);
    setOffset(0);
  };

  return (
    <li
      ref={ref}
      role={toast.type === "error" ? "alert" : "status"}
      tabIndex={0}
      title={toast.closeOnClick ? t("toast.dismiss") : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => { drag.current = null; setOffset(0); }}
      // Escape always closes (a keyboard user needs a way out, push toasts included); Enter acts like a click.
      onKeyDown={(event) => {
        if (event.key === "Escape") dismissToast(toast.id);
        else if (event.key === "Enter") clickToast(toast.id);
      }}
      className={`card flex items-start gap-3 border-s-4 p-4 select-none touch-pan-y ${TONES[toast.type]} ${toast.closeOnClick ? "cursor-pointer" : ""}`}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / ((ref.current?.offsetWidth ?? 1) * 0.6) * 0.8) : undefined,
        background: toast.color,
        // A coloured toast (push messages default to white) keeps dark text in both themes.
        color: toast.color ? "#1c1917" : undefined,
      }}
      data-toast-type={toast.type}
    >
      {toast.icon ? <img src={toast.icon} alt="" width={24} height={24} /> : <Icon size={24} aria-hidden="true" />}
      <div className={toast.color ? "min-w-0" : "min-w-0 text-[var(--text)]"}>
        <p className="font-semibold break-words">{toast.title}</p>
        {toast.description && <p className="muted text-sm break-words">{toast.description}</p>}
      </div>
    </li>
  );
}
