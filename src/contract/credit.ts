/**
 * The credit line, top-up requests and payment instructions (issue 30; DESIGN §5). Money is integer minor units of the
 * platform currency. Staff users (kind User) never receive any of it.
 */
import * as z from "zod/mini";
import { checked, id, line, listQuery, locale, text, trimmed, wholeNumber, wholeNumberText, type ListResponse, type LocalizedText } from "./common";
import { money } from "./catalogue";
import { isoDate } from "./requests";
import type { Locale } from "../shared/locales";

/** Terms: how many days a debt may stay before the agency is past its terms (1 to 365). */
const termsDays = wholeNumber(1, 365);

/**
 * PATCH agents/{id}/credit (admin). `limit` and `termsDays` null: the agency follows its group's default again.
 * `frozen`: charges may not take the balance below zero (takes effect on the next charge, inside its own batch).
 */
export const creditInput = checked(
  z.strictObject({
    limit: z.optional(z.nullable(money)),
    termsDays: z.optional(z.nullable(termsDays)),
    frozen: z.optional(z.boolean({ error: "validation.boolean" })),
  }),
  (ctx) => {
    if (Object.keys(ctx.value).length === 0) ctx.issues.push({ code: "custom", message: "validation.required", input: ctx.value, path: ["limit"] });
  },
);
export type CreditInput = z.input<typeof creditInput>;


/** An agency's credit line as the agency (never its staff) and the office see it. */
export interface CreditState {
  /** The limit in force: the agency's own, else its group's (0: no credit). */
  limit: number;
  /** True when the agency has a limit of its own (not its group's). */
  ownLimit: boolean;
  frozen: boolean;
  /** Days a debt may stay, the agency's own or its group's; null: no terms. */
  termsDays: number | null;
  /** What the agency can spend now: balance + credit (0 credit when frozen), never below 0. */
  available: number;
  /** What it owes: −balance when the balance is below zero, else 0. */
  debt: number;
  /** Since when the balance has been below zero (the first charge of this debt); null without debt. */
  debtSince: string | null;
  /** True when the debt is older than the terms. */
  overdue: boolean;
}

// ── Top-up requests ──────────────────────────────────────────────────────────────────────────────
export const TOP_UP_STATUSES = ["Pending", "Approved", "Rejected"] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];

const positiveMoney = checked(money, z.gte(1, { error: "validation.amountPositive" }));

/** POST top-up-requests (multipart, agency, Idempotency-Key): these fields and the slip as the part "slip". */
export const topUpRequestInput = z.strictObject({
  amount: positiveMoney,
  paidThrough: text(2, 120),
  bankReference: text(1, 80),
  note: z.optional(line(500)),
});
export type TopUpRequestInput = z.input<typeof topUpRequestInput>;

/** PATCH top-up-requests/{id} (admin): approve as asked, approve a corrected amount with a reason, or reject with one. */
export const topUpDecisionInput = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("approve") }),
  z.strictObject({ action: z.literal("correct"), amount: positiveMoney, reason: text(3, 500) }),
  z.strictObject({ action: z.literal("reject"), reason: text(3, 500) }),
]);
export type TopUpDecisionInput = z.input<typeof topUpDecisionInput>;

export const topUpListQuery = z.extend(listQuery, {
  status: z.optional(z.enum(TOP_UP_STATUSES, { error: "validation.status" })),
  agentId: z.optional(id),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});

export interface TopUpRequest {
  _id: string;
  agency: { _id: string; name: string };
  /** What the agency says it paid. */
  amount: number;
  /** What was added to the balance (the corrected amount, or the amount); null until approved. */
  approvedAmount: number | null;
  currency: string;
  paidThrough: string;
  bankReference: string;
  note: string | null;
  slip: { url: string; type: string };
  status: TopUpStatus;
  /** The reason of a correction or a rejection. */
  reason: string | null;
  transactionId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export type TopUpRequestList = ListResponse<TopUpRequest>;

// ── Payment instructions ─────────────────────────────────────────────────────────────────────────
/** GET/PATCH settings/payment-instructions: the accounts and exchange offices to pay through, per language. */
export const paymentInstructionsInput = z.strictObject({
  en: z._default(trimmed(2000), ""),
  ar: z._default(trimmed(2000), ""),
  ku: z._default(trimmed(2000), ""),
});
export type PaymentInstructions = LocalizedText & { updatedAt: string | null };

// ── Receipts with the agency's logo (issue 30 item 3) ────────────────────────────────────────────
/** PATCH agents/branding (agency owner): JSON, or multipart with this JSON as "data" and the logo (PNG or JPEG) as "logo". */
export const brandingInput = z.strictObject({
  /** Address, phone, licence number: up to a few lines per language, printed under the agency's name. */
  footer: z.optional(z.strictObject({ en: z._default(trimmed(400), ""), ar: z._default(trimmed(400), ""), ku: z._default(trimmed(400), "") })),
  /** Print the net price paid to the platform when no selling price is given (off: no price at all). */
  showNetPrice: z.optional(z.boolean({ error: "validation.boolean" })),
});
export type BrandingInput = z.input<typeof brandingInput>;
/** GET/PATCH agents/branding's answer: the logo's address (none yet: null), the footer per language, the net-price switch. */
export interface Branding {
  logo: string | null;
  footer: Record<Locale, string>;
  showNetPrice: boolean;
}

export const RECEIPT_LAYOUTS = ["a4", "phone"] as const;
/** GET …/receipt/{layout}: the traveller's language, the agency's selling price (minor units), the traveller's name. */
export const receiptQuery = z.object({
  lang: z.optional(locale),
  price: z.optional(wholeNumberText(0, 1_000_000_000)),
  traveller: z.optional(text(1, 120)),
});


/**
 * PATCH requests/{id}/selling-price and legal-translation/{id}/selling-price (the agency's owner): its own price to its
 * traveller, printed on the receipt (null: none). The net price it paid the platform is never changed by it.
 */
export const sellingPriceInput = z.strictObject({ sellingPrice: z.nullable(money) });
