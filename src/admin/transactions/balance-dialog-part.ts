/** The top-up / deduction dialog, loaded when first opened (the ledger and an agency's page share it). */
import { lazyPart } from "../../lib/lazy-part";

export const balanceDialog = lazyPart(() => import("./BalanceDialog").then((m) => m.default));
