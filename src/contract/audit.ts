/**
 * The audit log (issue 29 item 2): who did what, when, from where, to which record, and each changed field's value
 * before → after. Append-only: no call changes or deletes a row. Admins read all of it (GET admin/audit-log and its
 * exports); an agency reads what was done to its own account and requests (GET agents/audit-log), without the office's
 * addresses, internal rows, or — for staff — any money field.
 */
import * as z from "zod/mini";
import { id, listQuery, trimmed, type ListResponse } from "./common";
import { isoDate } from "./requests";

export const AUDIT_ACTOR_KINDS = ["Admin", "Agent", "User"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTOR_KIND_KEYS: Record<AuditActorKind, string> = { Admin: "audit.actorKind.Admin", Agent: "audit.actorKind.Agent", User: "audit.actorKind.User" };

/** The kinds of record a row speaks of. */
export const AUDIT_RECORD_KINDS = [
  "country", "requirement", "visa", "group", "groupPrice", "theme", "translationService", "translationLanguage", "news", "event",
  "agent", "user", "visaRequest", "translationOrder", "session", "requestGroup", "topUpRequest",
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

/** Message keys of the record kinds (literal, so the locale tests see them used). */
export const AUDIT_RECORD_KIND_KEYS: Record<AuditRecordKind, string> = {
  country: "audit.kind.country", requirement: "audit.kind.requirement", visa: "audit.kind.visa", group: "audit.kind.group",
  groupPrice: "audit.kind.groupPrice", theme: "audit.kind.theme", translationService: "audit.kind.translationService",
  translationLanguage: "audit.kind.translationLanguage", news: "audit.kind.news", event: "audit.kind.event", agent: "audit.kind.agent",
  user: "audit.kind.user", visaRequest: "audit.kind.visaRequest", translationOrder: "audit.kind.translationOrder", session: "audit.kind.session",
  requestGroup: "audit.kind.requestGroup", topUpRequest: "audit.kind.topUpRequest",
};

export const AUDIT_OUTCOMES = ["done", "refused"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_OUTCOME_KEYS: Record<AuditOutcome, string> = { done: "audit.outcome.done", refused: "audit.outcome.refused" };

export const AUDIT_SORTS = ["at", "actor", "kind"] as const;

/** GET admin/audit-log and admin/audit-log/export/{format}. `actor` and `record` are ids; `search` looks in names, labels and addresses. */
export const auditListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(AUDIT_SORTS, { error: "validation.sort" })),
  actor: z.optional(id),
  actorKind: z.optional(z.enum(AUDIT_ACTOR_KINDS, { error: "validation.invalid" })),
  record: z.optional(trimmed(64)),
  kind: z.optional(z.enum(AUDIT_RECORD_KINDS, { error: "validation.invalid" })),
  outcome: z.optional(z.enum(AUDIT_OUTCOMES, { error: "validation.invalid" })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

/** GET agents/audit-log: what was done to the agency's own account and requests. */
export const agencyAuditQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(["at"], { error: "validation.sort" })),
  record: z.optional(trimmed(64)),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});

/** One changed field: its value before and after (null where the record did not exist). */
export type AuditChange = [before: unknown, after: unknown];

export interface AuditEntry {
  _id: string;
  at: string;
  actor: { kind: AuditActorKind; _id: string; name: string };
  /** The address and browser the call came from (admins only). */
  ip?: string | null;
  userAgent?: string | null;
  /** "PATCH /api/visa/:id": the call, as the API names it. */
  call: string;
  path: string;
  record: { kind: AuditRecordKind | null; _id: string | null; label: string | null };
  agency: { _id: string } | null;
  status: number;
  outcome: AuditOutcome;
  changes: Record<string, AuditChange>;
}

export type AuditListResponse = ListResponse<AuditEntry>;
