/**
 * Group filing (issue 28; DESIGN §12): 2–200 travellers of one visa filed in one call, charged all or nothing, each
 * traveller an ordinary visa request under the group's reference (VG-2026-000123). The admin's bulk moves apply the
 * one status table of requests.ts to each chosen traveller and answer per traveller.
 */
import * as z from "zod/mini";
import { checked, id, line, listQuery, trimmed, type ListResponse, type LocalizedText } from "./common";
import { VISA_STATUSES, documentRef, listOf, statusChangeInput, type PersonRef, type VisaRequestSummary, type VisaStatus } from "./requests";
import { money } from "./catalogue";

export const GROUP_MIN_TRAVELLERS = 2;
export const GROUP_MAX_TRAVELLERS = 200;
/** Shared documents of a group (a group letter, a hotel booking): uploaded once, a document of every traveller. */
export const GROUP_MAX_SHARED_DOCUMENTS = 10;
/** Travellers one bulk move may name (a whole group). */
export const BULK_MAX_ITEMS = GROUP_MAX_TRAVELLERS;

const documents = (max: number) => z._default(checked(z.array(documentRef), z.maxLength(max, { error: "validation.tooMany" })), []);

/** One traveller: the visa's fields (checked on the server with the same applicantSchema as a single filing) and their own documents. */
export const travellerInput = z.strictObject({
  fields: z.record(z.string(), z.string({ error: "validation.invalid" }), { error: "validation.invalid" }),
  documents: documents(30),
  /** Issue 30: the agency's own price to this traveller (minor units), printed on the receipt; the owner only. */
  sellingPrice: z.optional(z.nullable(money)),
});
export type TravellerInput = z.input<typeof travellerInput>;

/**
 * POST request-groups. Send an `Idempotency-Key` header: one key covers the whole group (a retry never files or
 * charges twice). Every required document of the visa must be among the traveller's own or the shared documents.
 */
export const groupFilingInput = z.strictObject({
  visaId: id,
  name: z._default(line(120), ""),
  note: z.optional(trimmed(1000)),
  sharedDocuments: documents(GROUP_MAX_SHARED_DOCUMENTS),
  travellers: checked(
    z.array(travellerInput, { error: "validation.invalid" }),
    z.minLength(GROUP_MIN_TRAVELLERS, { error: "validation.groupTooSmall" }),
    z.maxLength(GROUP_MAX_TRAVELLERS, { error: "validation.groupTooLarge" }),
  ),
});
export type GroupFilingInput = z.input<typeof groupFilingInput>;

/** GET request-groups (the agency's own) and admin/request-groups (every agency, or one). */
export const groupListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(["createdAt", "reference", "travellers"], { error: "validation.sort" })),
  /** Groups with at least one traveller in one of these statuses (the admin queue: Requested, InProcess…). */
  status: z.optional(listOf(VISA_STATUSES)),
  agentId: z.optional(id),
});
export type GroupListQuery = z.input<typeof groupListQuery>;

/**
 * PATCH admin/requests/bulk-status: one status change (the same body as PATCH requests/{id}: reason for
 * DocumentNeeded, CorrectionNeeded and Rejected; the missing documents for DocumentNeeded) for each chosen traveller.
 */
export const bulkStatusInput = z.strictObject({
  ids: checked(z.array(id), z.minLength(1, { error: "validation.required" }), z.maxLength(BULK_MAX_ITEMS, { error: "validation.tooMany" })),
  change: statusChangeInput,
});
export type BulkStatusInput = z.input<typeof bulkStatusInput>;

/** What happened to one item of a bulk call: moved (its status now), or why not (in the caller's language). */
export interface BulkItemResult {
  _id: string;
  reference: string | null;
  ok: boolean;
  status: VisaStatus | null;
  /** Why the item was refused (statusCode and code as a single call would answer). */
  error?: { statusCode: number; code: string; message: string };
}

export interface BulkResults {
  moved: number;
  refused: number;
  results: BulkItemResult[];
}

export interface RequestGroupSummary {
  _id: string;
  /** VG-2026-000123 (a sequence per year). */
  reference: string;
  name: string;
  note: string | null;
  visa: { _id: string; title: LocalizedText; country: { _id: string; code: string; name: LocalizedText } };
  agency: { _id: string; name: string };
  filedBy: PersonRef;
  travellerCount: number;
  /** How many travellers are in each status now (the state mix). */
  counts: Partial<Record<VisaStatus, number>>;
  /** Minor units, what the group was charged (Σ travellers' prices). Absent for staff users. */
  total?: number;
  currency?: string;
  createdAt: string;
  updatedAt: string;
}

export interface RequestGroup extends RequestGroupSummary {
  travellers: VisaRequestSummary[];
  sharedDocuments: { attachmentId: string; requirementId: string; name: string }[];
}

export type RequestGroupListResponse = ListResponse<RequestGroupSummary>;

/** Answer of PATCH request-groups/{id}/cancel: the group now and what happened to each traveller still Requested. */
export interface GroupCancelResult extends BulkResults {
  group: RequestGroup;
}
