import { createRoot } from "react-dom/client";
import { ensureToastMessages } from "../lib/toast-messages";
import { Toaster } from "./Toaster";

/** Mounts the one toaster of the page into #toaster (called by the boot script on the first toast). */
export function mountToaster(container: HTMLElement): void {
  ensureToastMessages();
  createRoot(container).render(<Toaster />);
}
