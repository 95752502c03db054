/**
 * The credit line's arithmetic (issue 30), one rule for the server's reads (functions/db/credit.ts) and the pages
 * (header, home, filing forms). No schema here: the header's script imports it and must stay small.
 */
import type { CreditState } from "../contract/credit";

/** What the agency can spend at `balance`: balance + credit (no credit when frozen), never below 0. */
export const availableAt = (balance: number, limit: number, frozen: boolean) => Math.max(balance + (frozen ? 0 : limit), 0);

/**
 * The credit state after the balance moved to `balance`, the limit, freeze and terms as last read: a live balance
 * message and a charge's answer carry the balance only. A debt paid off ends (its date and lateness with it).
 */
export function creditAtBalance(credit: CreditState, balance: number): CreditState {
  const debt = balance < 0 ? -balance : 0;
  return { ...credit, available: availableAt(balance, credit.limit, credit.frozen), debt, ...(debt === 0 ? { debtSince: null, overdue: false } : {}) };
}

/** The agency has a credit line or a debt: the pages then show what is available and what is owed beside the balance. */
export const creditShown = (credit: CreditState | null | undefined): credit is CreditState => Boolean(credit && (credit.limit > 0 || credit.debt > 0));

/**
 * What a charge of `amount` does to an agency's money before it is sent: the balance after (it may go below zero,
 * down to the available amount), what is short against what it can spend, and what it will owe afterwards.
 */
export function chargeOutlook(balance: number, amount: number, credit?: CreditState | null) {
  const after = balance - amount;
  const available = credit && credit.limit > 0 ? credit.available : null;
  return { after, available, short: Math.max(0, amount - (available ?? Math.max(balance, 0))), owedAfter: Math.max(0, -after) };
}
