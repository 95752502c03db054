/**
 * The filing form's states and the pure rules over them (/visa/{id}/request). Kept apart from filing.store.ts, which
 * talks to the API and reads the session, so the Worker can draw the form with the same component from its own
 * answers (functions/edge/views/filing.tsx; issue 9) without reaching a store.
 */
import type { FieldKind, Visa, VisaRequirement } from "../../contract/catalogue";
import type { Attachment, VisaRequest } from "../../contract/requests";
import type { CreditState } from "../../contract/credit";
import { chargeOutlook } from "../../shared/credit";

export type Loadable<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "notFound" } | { status: "error" };

/** The agency's money as the form shows it; staff see none at all. */
export type MoneyView =
  | { status: "loading" }
  | { status: "hidden" }
  | { status: "ready"; balance: number; currency: string; credit?: CreditState }
  | { status: "error" };

export interface DocumentSlot {
  status: "empty" | "uploading" | "done" | "error";
  fileName?: string;
  /** 0 to 1 while uploading. */
  progress?: number;
  attachment?: Attachment;
  /** Message key of the problem, or the API's own words. */
  problem?: { key: string } | { text: string };
}

export type SubmitState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "insufficient"; shortfall: number | null }
  | { status: "failed" }
  | { status: "done"; request: VisaRequest };

/** Errors by field kind, or by "doc:<requirementId>" for a missing document: message keys. */
export type FilingErrors = Partial<Record<string, string>>;

/** Everything the form shows, as the store holds it. */
export interface FilingState {
  visa: Loadable<Visa>;
  money: MoneyView;
  values: Record<string, string>;
  errors: FilingErrors;
  /** Fields filled by the passport reader and not typed over since (marked; the review was in the reader). */
  scanned: readonly FieldKind[];
  documents: Record<string, DocumentSlot>;
  submit: SubmitState;
}

/** The documents a visa asks for (requirements of kind "document"), required ones first. */
export function documentRequirements(visa: Visa): VisaRequirement[] {
  return visa.requirements.filter((r) => r.kind === "document").sort((a, b) => Number(b.required) - Number(a.required));
}

/**
 * Price, balance and the balance after filing; null for staff (and while unknown). With a credit line (issue 30) the
 * filing may take the balance below zero: what is short is measured against the available amount (balance + credit).
 */
export function moneySummary(
  visa: Visa, money: MoneyView,
): { price: number; balance: number; after: number; currency: string; short: number; available: number | null; owedAfter: number } | null {
  if (money.status !== "ready" || visa.price === undefined) return null;
  const { after, available, short, owedAfter } = chargeOutlook(money.balance, visa.price, money.credit);
  return { price: visa.price, balance: money.balance, after, currency: money.currency, short, available, owedAfter };
}

/**
 * The form's value (and error) key of the agency's own selling price to its traveller (issue 30): optional, money
 * only (agents; staff never see the field), printed on the traveller's receipt instead of the net price.
 */
export const SELLING_PRICE = "sellingPrice";
