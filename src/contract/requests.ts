/**
 * Visa requests (issue 8; DESIGN §5, §6, §8; spec §3): the records the API answers, the inputs it validates, and the
 * state machine of status set B as data. The Worker and the forms import the same schemas, so a value the form
 * accepts is a value the API accepts. Messages are message keys of locales/*.json ("validation.*").
 *
 * Money: `price` and `currency` are ABSENT for staff users (kind User): they never see money (DESIGN §3).
 */
import * as z from "zod/mini";
import { checked, email, id, listQuery, type ListResponse, type LocalizedText, trimmed } from "./common";
import { FIELD_KINDS, money, type FieldKind } from "./catalogue";
import { VISA_STATUSES, VISA_STATUS_KEYS, movesFrom, type Mover, type TransitionTable, type VisaStatus } from "../shared/request-status";

// ── Statuses and the state machine (DESIGN §6) ───────────────────────────────────────────────────
// Spec §3 status set B and its message keys live in src/shared (pages that only show statuses load no zod).
export { VISA_STATUSES, VISA_STATUS_KEYS, type Mover, type VisaStatus };

/** Spec §3 status set A: translation and legal-translation requests (used by the translation issue). */
export const REQUEST_STATUSES_A = ["Requested", "InProcess", "Canceled", "CorrectionNeeded", "Done"] as const;
export type RequestStatusA = (typeof REQUEST_STATUSES_A)[number];

const ADMIN_WORK = { Paid: ["Admin"], Approved: ["Admin"], DocumentNeeded: ["Admin"], CorrectionNeeded: ["Admin"], Rejected: ["Admin"] } as const;
const WAITING_ON_AGENCY = { Modified: ["System"], Canceled: ["Agency", "Admin"] } as const;

/** DESIGN §6, status set B: from → { to: who may move it }. Absent = not allowed. Final states have no moves. */
export const VISA_TRANSITIONS: TransitionTable<VisaStatus> = {
  Requested: { InProcess: ["Admin"], Paid: ["Admin"], DocumentNeeded: ["Admin"], CorrectionNeeded: ["Admin"], Rejected: ["Admin"], Canceled: ["Agency", "Admin"] },
  InProcess: ADMIN_WORK,
  Modified: { InProcess: ["Admin"], ...ADMIN_WORK },
  DocumentNeeded: WAITING_ON_AGENCY,
  CorrectionNeeded: WAITING_ON_AGENCY,
  Paid: { Approved: ["Admin"], Rejected: ["Admin"], DocumentNeeded: ["Admin"], CorrectionNeeded: ["Admin"] },
  Approved: {},
  Rejected: {},
  Canceled: {},
};

/** Status set A (DESIGN §6), for the translation issue: same shape as VISA_TRANSITIONS. */
export const REQUEST_TRANSITIONS_A: TransitionTable<RequestStatusA> = {
  Requested: { InProcess: ["Admin"], CorrectionNeeded: ["Admin"], Canceled: ["Agency", "Admin"] },
  InProcess: { Done: ["Admin"], CorrectionNeeded: ["Admin"], Canceled: ["Admin"] },
  CorrectionNeeded: { Requested: ["System"], Canceled: ["Agency", "Admin"] },
  Done: {},
  Canceled: {},
};

export const FINAL_VISA_STATUSES: readonly VisaStatus[] = ["Approved", "Rejected", "Canceled"];
/** A move to one of these carries a reason shown to the agent. */
export const REASON_REQUIRED: readonly VisaStatus[] = ["DocumentNeeded", "CorrectionNeeded", "Rejected"];
/** The agent is asked to act: updating or re-uploading moves the request to Modified. */
export const AGENCY_ACTION_STATUSES: readonly VisaStatus[] = ["DocumentNeeded", "CorrectionNeeded"];
/** Reaching one of these before Paid refunds the charged price, exactly once. */
export const REFUNDING_STATUSES: readonly VisaStatus[] = ["Canceled", "Rejected"];

/** The statuses `mover` may move a request in `from` to (what the UI offers; what the API accepts). */
export function allowedTransitions(from: VisaStatus, mover: Mover): VisaStatus[] {
  return movesFrom(VISA_TRANSITIONS, VISA_STATUSES, from, mover);
}

// ── Applicant values (spec §3 field kinds) ───────────────────────────────────────────────────────
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Today as YYYY-MM-DD in UTC: the day dates are compared with. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export const isoDate = checked(z.string({ error: "validation.required" }),
  z.trim(),
  z.minLength(1, { error: "validation.required", abort: true }),
  z.regex(DATE, { error: "validation.date", abort: true }),
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, { error: "validation.date", abort: true }),
);

/** Letters of any script, spaces, hyphens, apostrophes and dots: how names are written on passports and forms. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const words = (v: string) => v.split(/\s+/).filter(Boolean).length;
/* @__NO_SIDE_EFFECTS__ */
const personName = (minWords: number, message: string) =>
  checked(z.string({ error: "validation.required" }),
    z.trim(),
    z.minLength(1, { error: "validation.required", abort: true }),
    z.maxLength(150, { error: "validation.tooLong", abort: true }),
    z.regex(NAME, { error: "validation.personName", abort: true }),
    z.refine((v) => words(v) >= minWords, { error: message }),
  );

/* @__NO_SIDE_EFFECTS__ */
const shortText = (max: number) =>
  checked(z.string({ error: "validation.required" }),
    z.trim(),
    z.minLength(1, { error: "validation.required", abort: true }),
    z.minLength(2, { error: "validation.tooShort", abort: true }),
    z.maxLength(max, { error: "validation.tooLong" }),
  );

/** Passport numbers: 6 to 9 letters or digits (ICAO 9303 document number), upper-cased, spaces removed. */
export const passportNumber = z.pipe(
  z.pipe(
    z.string({ error: "validation.required" }),
    z.transform((v: string) => v.replace(/\s+/g, "").toUpperCase()),
  ),
  checked(z.string(), z.minLength(1, { error: "validation.required", abort: true }), z.regex(/^[A-Z0-9]{6,9}$/, { error: "validation.passportNumber" })),
);

/** Field kinds an applicant may leave empty (someone who never entered the country has no last entry). */
export const OPTIONAL_FIELD_KINDS: readonly FieldKind[] = ["LastEntry"];

/** Each field's own rule; the rules on one date alone compare it with `today` (YYYY-MM-DD). */
/* @__NO_SIDE_EFFECTS__ */
function fieldSchemas(today: string): Record<FieldKind, z.ZodMiniType<string, unknown>> {
  const oldest = `${Number(today.slice(0, 4)) - 120}${today.slice(4)}`;
  return {
    FullName: personName(2, "validation.fullName"),
    FullQuadRupleName: personName(4, "validation.quadName"),
    PassportNumber: passportNumber,
    Email: email,
    DateOfBirth: checked(isoDate,
      z.refine((v) => v < today, { error: "validation.dateInPast", abort: true }),
      z.refine((v) => v >= oldest, { error: "validation.dateTooOld" }),
    ),
    TravelDate: checked(isoDate, z.refine((v) => v >= today, { error: "validation.dateInFuture" })),
    ReturnDate: checked(isoDate, z.refine((v) => v >= today, { error: "validation.dateInFuture" })),
    PassportExpiry: checked(isoDate, z.refine((v) => v > today, { error: "validation.passportExpired" })),
    LastEntry: checked(isoDate, z.refine((v) => v <= today, { error: "validation.dateInPast" })),
    EducationDegree: shortText(100),
    TravelReason: shortText(300),
    DestinationAirport: shortText(100),
  };
}

export type ApplicantFields = Partial<Record<FieldKind, string>>;

/**
 * The applicant schema of one visa, built from its field kinds: exactly those keys (others are refused), each with
 * its rule, and the rules between dates: birth in the past (and at most 120 years ago), travel today or later,
 * return after travel, passport expiry after travel (after return when there is one), last entry in the past.
 * `today` (YYYY-MM-DD) is a parameter so the form and the server agree and tests can fix the day.
 */
/* @__NO_SIDE_EFFECTS__ */
export function applicantSchema(fieldKinds: readonly FieldKind[], today = todayIso()) {
  const schemas = fieldSchemas(today);
  const shape: Record<string, z.ZodMiniType> = {};
  for (const kind of new Set(fieldKinds)) {
    const schema = schemas[kind];
    // An empty optional field is an absent one (zod/mini has no preprocess: a transform piped into the schema is one).
    shape[kind] = OPTIONAL_FIELD_KINDS.includes(kind)
      ? z.pipe(z.transform((v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v)), z.optional(schema))
      : schema;
  }
  // Rules between fields (they run once every field is valid on its own).
  return checked(z.strictObject(shape), z.superRefine((raw, ctx) => {
    const v = raw as ApplicantFields;
    const issue = (path: FieldKind, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.LastEntry && v.DateOfBirth && v.LastEntry < v.DateOfBirth) issue("LastEntry", "validation.afterBirth");
    if (v.ReturnDate && v.TravelDate && v.ReturnDate <= v.TravelDate) issue("ReturnDate", "validation.returnAfterTravel");
    if (v.PassportExpiry) {
      const after = v.ReturnDate && v.ReturnDate > (v.TravelDate ?? "") ? v.ReturnDate : v.TravelDate;
      if (after && v.PassportExpiry <= after) issue("PassportExpiry", v.ReturnDate ? "validation.expiryAfterReturn" : "validation.expiryAfterTravel");
    }
  })) as unknown as z.ZodMiniType<ApplicantFields, unknown>;
}

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────
const note = z.optional(trimmed(1000));

/** A document uploaded before filing (requests/upload-attachment-to-s3-by-agent), for one of the visa's requirements. */
export const documentRef = z.strictObject({ attachmentId: id, requirementId: id });

/**
 * POST requests. `fields` is checked against applicantSchema(visa.fields) once the visa is known (the server does it
 * in the same way: `parse(applicantSchema(visa.fields), input.fields)`); here it is only "an object of strings".
 * Send an `Idempotency-Key` header (one per form submission): a retry never charges twice.
 */
export const filingInput = z.strictObject({
  visaId: id,
  fields: z.record(z.string(), z.string({ error: "validation.invalid" }), { error: "validation.invalid" }),
  documents: z._default(checked(z.array(documentRef), z.maxLength(30, { error: "validation.tooMany" })), []),
  note,
  /** Issue 30: the agency's own price to its traveller (minor units), printed on the receipt; the owner only. */
  sellingPrice: z.optional(z.nullable(money)),
});
export type FilingInput = z.input<typeof filingInput>;

/**
 * PATCH requests/{id} (admin): a status change along VISA_TRANSITIONS. A reason is required for DocumentNeeded,
 * CorrectionNeeded and Rejected; DocumentNeeded also names the missing documents (requirement ids of the visa).
 */
export const statusChangeInput = checked(z.strictObject({
  status: z.enum(VISA_STATUSES, { error: "validation.status" }),
  reason: z.optional(trimmed(1000)),
  missingDocuments: z.optional(checked(z.array(id), z.maxLength(50, { error: "validation.tooMany" }))),
}),
    z.superRefine((v, ctx) => {
      if (REASON_REQUIRED.includes(v.status) && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.reasonRequired" });
      if (v.status === "DocumentNeeded" && !v.missingDocuments?.length)
        ctx.addIssue({ code: "custom", path: ["missingDocuments"], message: "validation.missingDocumentsRequired" });
    }),
  );
export type StatusChangeInput = z.input<typeof statusChangeInput>;

/**
 * PATCH requests/updateByAgent/{id} (multipart): a "data" part with this JSON — corrected applicant values (checked
 * with applicantSchema of the visa, merged over the current ones) and/or documents uploaded before — plus optional
 * file parts "file" with a "requirementId" part each (the i-th file belongs to the i-th requirementId).
 * POST requests/reupload/{id} (multipart): only the file parts ("file" + "requirementId", repeatable).
 * Allowed in DocumentNeeded and CorrectionNeeded; the request moves to Modified (409 otherwise).
 */
export const agentUpdateInput = z.strictObject({
  fields: z.optional(z.record(z.string(), z.string({ error: "validation.invalid" }), { error: "validation.invalid" })),
  documents: z.optional(checked(z.array(documentRef), z.maxLength(30, { error: "validation.tooMany" }))),
  note,
});
export type AgentUpdateInput = z.input<typeof agentUpdateInput>;

/** A date filter YYYY-MM-DD (from: that day onwards; to: up to and including that day). */
const dateFilter = z.optional(isoDate);

/** "Requested" or "Requested,InProcess": one or several of `statuses` (a query filter). */
/* @__NO_SIDE_EFFECTS__ */
export const listOf = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.pipe(
    z.pipe(
      checked(z.string(), z.trim()),
      z.transform((v: string) => v.split(",").map((s) => s.trim()).filter(Boolean)),
    ),
    checked(z.array(z.enum(statuses, { error: "validation.status" })), z.maxLength(statuses.length)),
  );

/** "Requested" or "Requested,InProcess": one or several statuses. */
const statusFilter = z.optional(listOf(VISA_STATUSES));

export const REQUEST_SORTS = ["createdAt", "updatedAt", "reference", "status", "price"] as const;

/** requests/list, requests/agent-list and their exports. agentId applies to admins only (agents see their own). */
export const requestListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(REQUEST_SORTS, { error: "validation.sort" })),
  status: statusFilter,
  from: dateFilter,
  to: dateFilter,
  agentId: z.optional(id),
  countryId: z.optional(id),
  visaId: z.optional(id),
  /** The travellers of one group filing (issue 28). */
  groupId: z.optional(id),
});
export type RequestListQuery = z.input<typeof requestListQuery>;

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormat = z.enum(EXPORT_FORMATS, { error: "validation.exportFormat" });

// ── Records ──────────────────────────────────────────────────────────────────────────────────────
export interface PersonRef {
  kind: "Agent" | "User" | "Admin" | "System";
  _id: string;
  name: string;
}

export interface RequestDocument {
  _id: string;
  /** upload: sent by the agency; result: attached by an admin (the visa itself, a receipt, …). */
  kind: "upload" | "result";
  requirementId?: string;
  /** The requirement's name, when the document answers one. */
  requirementName?: LocalizedText;
  name: string;
  contentType: string;
  size: number;
  /** Served by the API after an ownership check (files/request/{key}); open with the bearer token or cookie. */
  url: string;
  uploadedBy: PersonRef;
  createdAt: string;
}

export interface RequestHistoryEntry {
  at: string;
  by: PersonRef;
  /** null for the filing itself. */
  from: VisaStatus | null;
  to: VisaStatus;
  reason: string | null;
  /** What happened besides the move, when it was not a move: "filed", "status", "documents", "fields", "result", "resultRemoved". */
  action: string;
}

export interface VisaRequest {
  _id: string;
  /** Short human reference: VR-2026-000123 (a sequence per year). */
  reference: string;
  visa: { _id: string; title: LocalizedText; country: { _id: string; code: string; name: LocalizedText } };
  agency: { _id: string; name: string };
  filedBy: PersonRef;
  fields: ApplicantFields;
  /** The price fixed at filing, minor units. Absent for staff users. */
  price?: number;
  currency?: string;
  /** Issue 30: the agency's own selling price to its traveller (receipts), null when none typed. Absent for staff users. */
  sellingPrice?: number | null;
  status: VisaStatus;
  reason: string | null;
  missingDocuments: { _id: string; name: LocalizedText }[];
  documents: RequestDocument[];
  history: RequestHistoryEntry[];
  /** The moves the caller may make now (for the caller's role); the UI offers only these. */
  allowedTransitions: VisaStatus[];
  /** True when the agency is asked to act (DocumentNeeded, CorrectionNeeded): updateByAgent and reupload are open. */
  canUpdate: boolean;
  /** True once the request reached Paid: no refund from then on. */
  paid: boolean;
  note: string | null;
  /** The group filing this traveller belongs to (issue 28), when filed in one. */
  groupId?: string;
  createdAt: string;
  updatedAt: string;
}

/** Lists omit documents and history (the detail call has them). */
export type VisaRequestSummary = Omit<VisaRequest, "documents" | "history"> & {
  /** Messages of the other side in the request's thread the caller has not read (issue 29). */
  unreadMessages?: number;
};

export interface RequestListResponse extends ListResponse<VisaRequestSummary> {
  /** How many requests of the same filters (status filter ignored) are in each status: the admin queue's chips. */
  counts: Record<VisaStatus, number>;
}

/** Answer of requests/upload-attachment-to-s3-by-agent (also passport-reader/upload): use `_id` as attachmentId. */
export interface Attachment {
  _id: string;
  name: string;
  contentType: string;
  size: number;
  /** Preview URL (owning agency and admins only). */
  url: string;
  createdAt: string;
}
