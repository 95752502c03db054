/**
 * The confirmation question (Headless UI's dialog), loaded when first asked, shared by every page that asks one: an
 * opener awaits `confirmDialog.load()` (or `openWith`) so the question shows at once (src/lib/lazy-part.ts).
 */
import { lazyPart } from "../../lib/lazy-part";

export const confirmDialog = lazyPart(() => import("./ConfirmDialog").then((m) => m.ConfirmDialog));
