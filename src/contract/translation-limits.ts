/**
 * The order form's limits without zod (issue 9): the order page and the edge that draws it read them, and the
 * contract's schemas (src/contract/translation.ts, which re-exports them) load only when an order is first checked.
 */
export const MAX_PAGES = 1000;
