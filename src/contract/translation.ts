/**
 * Translation and legal translation (issue 12; DESIGN §5, §6): services and languages (admin-managed), orders and
 * their inputs. An order of a certified service is a legal translation (kind "legal"), of any other a translation;
 * both are ordered with POST legal-translation and follow status set A (REQUEST_TRANSITIONS_A of requests.ts).
 * Money is integer minor units; `price*` and `currency` are ABSENT for staff users (kind User).
 */
import * as z from "zod/mini";
import { checked, flagText, id, listQuery, type ListResponse, type LocalizedText, trimmed, wholeNumber } from "./common";
import { localizedOptional, localizedText, money, patchOf } from "./catalogue";
import { ORDER_KIND_KEYS, STATUS_A_KEYS, type OrderKind } from "./translation-labels";
import {
  REQUEST_STATUSES_A, REQUEST_TRANSITIONS_A, isoDate, listOf, type Mover, type PersonRef, type RequestStatusA,
} from "./requests";
import { MAX_PAGES } from "./translation-limits";

export { MAX_PAGES };

export const ORDER_KINDS = ["translation", "legal"] as const satisfies readonly OrderKind[];
export { ORDER_KIND_KEYS, STATUS_A_KEYS, type OrderKind };

/** The statuses `mover` may move an order in `from` to (what the UI offers; what the API accepts). */
export function allowedTransitionsA(from: RequestStatusA, mover: Mover): RequestStatusA[] {
  const moves = REQUEST_TRANSITIONS_A[from];
  return REQUEST_STATUSES_A.filter((to) => moves[to]?.includes(mover));
}
/** Moves that carry a reason shown to the agency. */
export const REASON_REQUIRED_A: readonly RequestStatusA[] = ["CorrectionNeeded"];

const bool = z.boolean({ error: "validation.invalid" });

// ── Languages ────────────────────────────────────────────────────────────────────────────────────
export const translationLanguageInput = z.strictObject({
  /** BCP 47 tag, lower case: "ar", "en", "ckb", "fa", "zh-hans". */
  code: checked(z.string({ error: "validation.required" }), z.trim(), z.toLowerCase(), z.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, { error: "validation.languageCode" })),
  name: localizedText(60),
  enabled: z._default(bool, true),
});
export const translationLanguagePatch = patchOf(translationLanguageInput);
export type TranslationLanguageInput = z.input<typeof translationLanguageInput>;

export interface TranslationLanguage {
  _id: string;
  code: string;
  name: LocalizedText;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const translationLanguageListQuery = z.extend(listQuery, { enabled: z.optional(flagText()) });

// ── Services ─────────────────────────────────────────────────────────────────────────────────────
export const translationServiceInput = z.strictObject({
  name: localizedText(120),
  description: z._default(localizedOptional(1000), { en: "", ar: "", ku: "" }),
  /** Price of one page, minor units. */
  pricePerPage: money,
  /** Language ids offered (from and to); at least two, so there is something to translate between. */
  languages: checked(z.array(id), z.minLength(2, { error: "validation.twoLanguages" }), z.maxLength(50, { error: "validation.tooMany" })),
  turnaroundDays: wholeNumber(1, 365),
  certified: z._default(bool, false),
  enabled: z._default(bool, true),
});
export const translationServicePatch = patchOf(translationServiceInput);
export type TranslationServiceInput = z.input<typeof translationServiceInput>;

export interface TranslationService {
  _id: string;
  name: LocalizedText;
  description: LocalizedText;
  /** Minor units. Absent for staff users. */
  pricePerPage?: number;
  currency?: string;
  /** Offered language ids (admin form), and the languages themselves (enabled ones only, for agencies). */
  languages: string[];
  languageList: { _id: string; code: string; name: LocalizedText }[];
  turnaroundDays: number;
  certified: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const translationServiceListQuery = z.extend(listQuery, {
  enabled: z.optional(flagText()),
  certified: z.optional(flagText()),
});

// ── Orders ───────────────────────────────────────────────────────────────────────────────────────
const note = z.optional(trimmed(1000));

/** A language picked from the list: left empty, the agent is asked to choose one (issue 26), not told of a bad reference. */
const chosenLanguage = checked(
  z.string({ error: "validation.chooseLanguage" }),
  z.minLength(1, { error: "validation.chooseLanguage", abort: true }),
  z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" }),
);

/**
 * POST legal-translation. Documents are attachments uploaded before (requests/upload-attachment-to-s3-by-agent) and/or
 * sent afterwards with legal-translation/request/{id}. Send an `Idempotency-Key` header: a retry never charges twice.
 */
export const orderInput = checked(z.strictObject({
  serviceId: id,
  fromLanguageId: chosenLanguage,
  toLanguageId: chosenLanguage,
  pages: wholeNumber(1, MAX_PAGES),
  documents: z._default(checked(z.array(id), z.maxLength(20, { error: "validation.tooMany" })), []),
  note,
}),
    z.superRefine((v, ctx) => {
      if (v.fromLanguageId === v.toLanguageId) ctx.addIssue({ code: "custom", path: ["toLanguageId"], message: "validation.sameLanguage" });
    }),
  );
export type OrderInput = z.input<typeof orderInput>;

/** POST legal-translation/change-request-state/{id}: a move along set A; CorrectionNeeded needs a reason. */
export const orderStateInput = checked(z.strictObject({
  status: z.enum(REQUEST_STATUSES_A, { error: "validation.status" }),
  reason: z.optional(trimmed(1000)),
}),
    z.superRefine((v, ctx) => {
      if (REASON_REQUIRED_A.includes(v.status) && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.reasonRequired" });
    }),
  );
export type OrderStateInput = z.input<typeof orderStateInput>;

/**
 * PATCH legal-translation/update-by-admin/{id}: JSON, or multipart with this JSON in a "data" part and the translated
 * documents as "file" parts. A status moves along set A after the files are attached (Done needs a translated
 * document, attached now or before); `note` is the admin's note to the agency.
 */
export const orderAdminUpdateInput = checked(z.strictObject({
  status: z.optional(z.enum(REQUEST_STATUSES_A, { error: "validation.status" })),
  reason: z.optional(trimmed(1000)),
  note,
}),
    z.superRefine((v, ctx) => {
      if (v.status && REASON_REQUIRED_A.includes(v.status) && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.reasonRequired" });
    }),
  );
export type OrderAdminUpdateInput = z.input<typeof orderAdminUpdateInput>;

/** POST legal-translation/request/{id} (multipart): "file" parts and an optional "data" part with this JSON. */
export const orderDocumentsInput = z.strictObject({ note });

const statusFilter = z.optional(listOf(REQUEST_STATUSES_A));

export const ORDER_SORTS = ["createdAt", "updatedAt", "reference", "status", "price", "pages"] as const;

/** legal-translation/by-admin, by-agent and their exports (agentId: admins only). */
export const orderListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(ORDER_SORTS, { error: "validation.sort" })),
  status: statusFilter,
  kind: z.optional(z.enum(ORDER_KINDS, { error: "validation.invalid" })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  agentId: z.optional(id),
  serviceId: z.optional(id),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export interface OrderLanguage {
  _id: string;
  code: string;
  name: LocalizedText;
}

export interface OrderDocument {
  _id: string;
  /** upload: sent by the agency; result: the translated document. */
  kind: "upload" | "result";
  name: string;
  contentType: string;
  size: number;
  url: string;
  uploadedBy: PersonRef;
  createdAt: string;
}

export interface OrderHistoryEntry {
  at: string;
  by: PersonRef;
  from: RequestStatusA | null;
  to: RequestStatusA;
  reason: string | null;
  action: string;
}

export interface TranslationOrder {
  _id: string;
  /** TR-2026-000001 (translation) or LT-2026-000001 (legal). */
  reference: string;
  kind: OrderKind;
  service: { _id: string; name: LocalizedText; turnaroundDays: number };
  fromLanguage: OrderLanguage;
  toLanguage: OrderLanguage;
  pages: number;
  /** Absent for staff users. */
  pricePerPage?: number;
  price?: number;
  currency?: string;
  /** Issue 30: the agency's own selling price to its customer (receipts), null when none typed. Absent for staff users. */
  sellingPrice?: number | null;
  agency: { _id: string; name: string };
  filedBy: PersonRef;
  status: RequestStatusA;
  reason: string | null;
  note: string | null;
  /** created + turnaround days (YYYY-MM-DD). */
  dueDate: string;
  allowedTransitions: RequestStatusA[];
  /** The agency may send documents (Requested) or its correction (CorrectionNeeded → Requested). */
  canCorrect: boolean;
  documents: OrderDocument[];
  history: OrderHistoryEntry[];
  createdAt: string;
  updatedAt: string;
}

/** Lists carry the documents (the agency downloads the translated ones from its list) but not the history. */
export type TranslationOrderSummary = Omit<TranslationOrder, "history"> & {
  /** Messages of the other side in the order's thread the caller has not read (issue 29). */
  unreadMessages?: number;
};

export interface OrderListResponse extends ListResponse<TranslationOrderSummary> {
  counts: Record<RequestStatusA, number>;
}
