/**
 * Group filing (issue 28; DESIGN §12). A group is 2–200 travellers of one visa, filed in ONE batch of a fixed number of
 * statements: every traveller is built by newRequestsStatements (requests.ts) — the same Order through ledger.ts,
 * reference, documents and history as a single filing — so the batch either charges every traveller or, when the balance does not cover the total, fails on
 * the ledger's own guard and changes nothing (runCharging's 402 names the total and the shortfall). One
 * Idempotency-Key covers the group. Cancels and the office's bulk moves go through moveRequests: each traveller an
 * ordinary move (compare-and-set, history, refund once), many to a batch, answered per traveller.
 */
import * as z from "zod/mini";
import type { LocalizedText } from "../../src/contract/common";
import type { Locale } from "../../src/shared/locales";
import type { bulkStatusInput, RequestGroup, RequestGroupListResponse, RequestGroupSummary, groupFilingInput, groupListQuery } from "../../src/contract/request-groups";
import { VISA_STATUS_KEYS, type ApplicantFields, type VisaStatus, type statusChangeInput } from "../../src/contract/requests";
import { ApiError, notFound } from "../errors";
import { isUniqueViolation } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { listAll, mapPage, pagedList } from "../db/paged";
import { groupRowById, groupSpec, sharedDocumentsOf, type GroupRow } from "../db/request-groups";
import { requestSpec, type RequestRow } from "../db/requests";
import { requirementsOfVisa } from "../db/requirements";
import type { Principal } from "./accounts";
import { idempotent, principalKey } from "./idempotency";
import { renderExport, type ExportColumn } from "./exports";
import { runCharging } from "./ledger";
import { groupNoticeStatements } from "./request-events";
import type { Upload } from "./files";
import {
  addResultDocuments, agencyOf, checkApplicant, checkAttachments, checkRequiredDocuments, checkSellingPrices, fieldKindsOf, moveRequests, newRequestsStatements, personOf,
  referenceCounterStatement, referenceSql, requestReferenceScope, summaryOf, visaForAgency, type RequestDeps,
} from "./requests";

type GroupFiling = z.output<typeof groupFilingInput>;
type GroupListInput = z.output<typeof groupListQuery>;
type StatusChange = z.output<typeof statusChangeInput>;

const seesMoney = (principal: Principal) => principal.kind !== "User";
const localized = (en: string, ar: string, ku: string): LocalizedText => ({ en, ar, ku });

function parseCounts(text: string | null): Partial<Record<VisaStatus, number>> {
  try {
    return text ? (JSON.parse(text) as Partial<Record<VisaStatus, number>>) : {};
  } catch {
    return {};
  }
}

function groupSummaryOf(row: GroupRow, principal: Principal): RequestGroupSummary {
  return {
    _id: row.id, reference: row.reference, name: row.name, note: row.note,
    visa: {
      _id: row.visa_id, title: localized(row.visa_title_en, row.visa_title_ar, row.visa_title_ku),
      country: { _id: row.country_id, code: row.country_code, name: localized(row.country_name_en, row.country_name_ar, row.country_name_ku) },
    },
    agency: { _id: row.agent_id, name: row.agent_name },
    filedBy: { kind: row.filed_by_kind as "Agent" | "User", _id: row.filed_by_id, name: row.filed_by_name },
    travellerCount: row.traveller_count,
    counts: parseCounts(row.counts),
    ...(seesMoney(principal) ? { total: row.total, currency: row.currency } : {}),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** The group if the caller may see it: its agency (agent or staff) or an admin; 404 for anyone else. */
async function visibleGroup(db: D1Database, principal: Principal, id: string): Promise<GroupRow> {
  const row = await groupRowById(db, id);
  if (!row || (principal.kind !== "Admin" && row.agent_id !== principal.agentId)) throw notFound("entity.requestGroup");
  return row;
}

/** The travellers' requests, in the order they were filed (their references). */
async function travellerRows(db: D1Database, groupId: string): Promise<RequestRow[]> {
  const spec = requestSpec({ groupId });
  return listAll<RequestRow>(db, { ...spec, defaultSort: { key: "reference", order: "asc" } });
}

/** GET request-groups/{id}: the group, its state mix and every traveller (summaries, as the request list shows them). */
export async function oneGroup(deps: RequestDeps, principal: Principal, id: string): Promise<RequestGroup> {
  const row = await visibleGroup(deps.db, principal, id);
  const [travellers, shared] = await Promise.all([travellerRows(deps.db, id), sharedDocumentsOf(deps.db, id)]);
  return {
    ...groupSummaryOf(row, principal),
    travellers: travellers.map((t) => summaryOf(t, principal)),
    sharedDocuments: shared.map((d) => ({ attachmentId: d.attachment_id, requirementId: d.requirement_id, name: d.name })),
  };
}

/** GET request-groups (the agency's own) and admin/request-groups (all, or one agency's): paged, newest first. */
export async function listGroups(deps: RequestDeps, principal: Principal, query: GroupListInput): Promise<RequestGroupListResponse> {
  const agentId = principal.kind === "Admin" ? query.agentId : agencyOf(principal);
  const page = await pagedList<GroupRow>(deps.db, groupSpec({ agentId, status: query.status }), query);
  return mapPage(page, (row) => groupSummaryOf(row, principal));
}

// ── Filing ───────────────────────────────────────────────────────────────────────────────────────
/** An ApiError of one traveller's check, its fields named under travellers.<i> (its vars renamed so they stay apart). */
function underTraveller(error: ApiError, index: number): { entries: string[]; vars: ApiError["vars"] } {
  const entries = Array.isArray(error.messages) ? error.messages : [error.messages];
  const rename = (name: string) => `t${index}${name}`;
  return {
    entries: entries.map((e) => `travellers.${index}.${e.replace(/\{\{(\w+)\}\}/g, (_, v: string) => `{{${rename(v)}}}`)}`),
    vars: Object.fromEntries(Object.entries(error.vars).map(([k, v]) => [rename(k), v])),
  };
}

/**
 * Every traveller checked as a single filing is (the visa's field kinds with applicantSchema, every required document
 * among their own or the shared ones), and no passport number twice in the group; all problems answered at once,
 * each naming its traveller ("travellers.3.fields.PassportNumber: …"), so the form marks every row in one go.
 */
function checkTravellers(input: GroupFiling, kinds: ReturnType<typeof fieldKindsOf>, requirements: Awaited<ReturnType<typeof requirementsOfVisa>>, today?: string) {
  const entries: string[] = [];
  const vars: ApiError["vars"] = {};
  const add = (error: unknown, index: number) => {
    if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
    const named = underTraveller(error, index);
    entries.push(...named.entries);
    Object.assign(vars, named.vars);
  };
  const requirementIds = new Set(requirements.map((r) => r.id));
  const passports = new Map<string, number>();
  const fields = input.travellers.map((traveller, i) => {
    let checked: ApplicantFields = {};
    try {
      checked = checkApplicant(kinds, traveller.fields, today);
    } catch (error) {
      add(error, i);
    }
    try {
      checkRequiredDocuments(requirements, [...traveller.documents, ...input.sharedDocuments]);
      traveller.documents.forEach((d, j) => {
        if (!requirementIds.has(d.requirementId)) throw new ApiError(400, [`documents.${j}.requirementId: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: "validation.requirementOfVisa" } });
      });
    } catch (error) {
      add(error, i);
    }
    const passport = checked.PassportNumber;
    if (passport) {
      if (passports.has(passport)) add(new ApiError(400, ["fields.PassportNumber: {{v0}}"], { vars: { v0: "validation.passportTwiceInGroup" } }), i);
      else passports.set(passport, i);
    }
    return checked;
  });
  input.sharedDocuments.forEach((d, j) => {
    if (!requirementIds.has(d.requirementId)) {
      entries.push(`sharedDocuments.${j}.requirementId: {{s${j}}}`);
      vars[`s${j}`] = "validation.requirementOfVisa";
    }
  });
  if (entries.length) throw new ApiError(400, entries, { code: "VALIDATION_FAILED", vars });
  return fields;
}

/** The group reference scope of a year: VG-2026 (VG-2026-000123). */
const groupReferenceScope = (at: string) => `VG-${at.slice(0, 4)}`;

/**
 * POST request-groups: the visa as the agency sees it and its price for the agency, every traveller checked, then ONE
 * batch: the group (its reference), its shared documents, and for each traveller the statements of a single filing —
 * the Order of each is a movement of ledger.ts, so the balance guard (CHECK balance ≥ 0 today; whatever ledger.ts
 * makes it) refuses the whole group when the total is not covered — and the Idempotency-Key's completion.
 */
export async function fileGroup(
  deps: RequestDeps, principal: Principal, input: GroupFiling, idempotencyKey?: string | null,
): Promise<{ value: RequestGroup; replayed: boolean }> {
  const agentId = agencyOf(principal);
  const { db } = deps;
  const replay = (groupId: string) => oneGroup(deps, principal, groupId);
  return idempotent(
    db,
    { principal: principalKey(principal), key: idempotencyKey, scope: "POST /request-groups", body: input },
    async (complete) => {
      checkSellingPrices(principal, input.travellers.map((t) => t.sellingPrice));
      const visa = await visaForAgency(db, agentId, input.visaId);
      const requirements = await requirementsOfVisa(db, visa.id);
      const fields = checkTravellers(input, fieldKindsOf(visa), requirements, deps.today);
      // Every attachment named once in the whole group, the agency's own, not used before (requirements checked above).
      await checkAttachments(db, agentId, [...input.sharedDocuments, ...input.travellers.flatMap((t) => t.documents)], new Set(requirements.map((r) => r.id)));

      const groupId = uuidv7();
      const at = nowIso();
      const by = personOf(principal);
      const count = input.travellers.length;
      const groupScope = groupReferenceScope(at);
      const shared = input.sharedDocuments;
      // A fixed number of statements whatever the number of travellers (D1 counts queries per invocation): each list
      // travels as one JSON value.
      const statements = [
        referenceCounterStatement(db, groupScope, 1),
        db
          .prepare(
            `INSERT INTO request_groups (id, reference, agent_id, visa_id, name, note, traveller_count, filed_by_kind, filed_by_id, filed_by_name, created_at, updated_at)
             VALUES (?, ${referenceSql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(groupId, groupScope, groupScope, 0, agentId, visa.id, input.name, input.note ?? null, count, by.kind, by._id, by.name, at, at),
        ...(shared.length
          ? [
              db
                .prepare("INSERT INTO request_group_documents (group_id, attachment_id, requirement_id) SELECT ?, d.value ->> 'attachmentId', d.value ->> 'requirementId' FROM json_each(?) d")
                .bind(groupId, JSON.stringify(shared)),
              db.prepare("UPDATE attachments SET request_id = ? WHERE agent_id = ? AND id IN (SELECT d.value ->> 'attachmentId' FROM json_each(?) d)")
                .bind(groupId, agentId, JSON.stringify(shared)),
            ]
          : []),
        referenceCounterStatement(db, requestReferenceScope(at), count),
        ...newRequestsStatements(db, deps.currency, {
          visa, agentId, principal, note: input.note ?? null, at, shared, groupId,
          travellers: input.travellers.map((traveller, i) => ({
            id: uuidv7(), fields: fields[i]!, sellingPrice: traveller.sellingPrice ?? null, documents: traveller.documents,
            // The ledger remembers the key on the group's first Order (UNIQUE per agency): a reuse after the stored keys
            // are purged is still refused, as for a single filing.
            idempotencyKey: i === 0 ? idempotencyKey : null,
          })),
        }),
        // One notice to the office for the whole group (the travellers' own events are quiet).
        ...groupNoticeStatements(db, {
          groupId, audience: "admins", type: "request.created", to: "Requested", by, at,
          title: { key: "events.group.filed", vars: { count } }, body: [{ key: "events.group.body" }],
        }),
        ...complete(groupId, 201),
      ];
      try {
        await runCharging(db, statements, agentId, visa.price * count, deps.currency, seesMoney(principal) ? "agency" : "staff");
      } catch (error) {
        if (isUniqueViolation(error) && /request_documents|request_group_documents/.test(String((error as Error).message))) {
          throw new ApiError(409, "errors.attachmentUsed", "ATTACHMENT_USED");
        }
        throw error;
      }
      return replay(groupId);
    },
    replay,
  );
}

// ── Moves of many travellers ─────────────────────────────────────────────────────────────────────
/** One traveller's outcome; the route writes `error` in the caller's language. */
export interface BulkOutcome {
  _id: string;
  reference: string | null;
  ok: boolean;
  status: VisaStatus | null;
  error?: ApiError;
}

/**
 * Applies one status change to each request through moveRequests (requests.ts: the move check, the compare-and-set,
 * history and refund once, per request, many to a batch); a refusal (illegal move, lost race, not found) is that
 * item's answer and the others go on.
 */
async function moveEach(deps: RequestDeps, principal: Principal, rows: (RequestRow | { id: string; missing: true })[], change: StatusChange): Promise<BulkOutcome[]> {
  const found = rows.filter((row): row is RequestRow => !("missing" in row));
  const answers = new Map((await moveRequests(deps, principal, found, change)).map((error, i) => [found[i]!.id, error]));
  const refused = found.filter((row) => answers.get(row.id));
  // What a refused traveller is now, read after the fact only to say so.
  const now = new Map((refused.length ? await listAll<RequestRow>(deps.db, requestSpec({ ids: refused.map((r) => r.id) })) : []).map((r) => [r.id, r]));
  return rows.map((row): BulkOutcome => {
    if ("missing" in row) return { _id: row.id, reference: null, ok: false, status: null, error: notFound("entity.request") };
    const error = answers.get(row.id);
    if (!error) return { _id: row.id, reference: row.reference, ok: true, status: change.status };
    return { _id: row.id, reference: row.reference, ok: false, status: now.get(row.id)?.status ?? row.status, error };
  });
}

/** PATCH admin/requests/bulk-status: one change for each chosen request, each answered (moved, or why not). */
export async function bulkStatus(deps: RequestDeps, principal: Principal, input: z.output<typeof bulkStatusInput>): Promise<BulkOutcome[]> {
  const ids = [...new Set(input.ids)];
  const found = new Map((await listAll<RequestRow>(deps.db, requestSpec({ ids }))).map((r) => [r.id, r]));
  return moveEach(deps, principal, ids.map((id) => found.get(id) ?? { id, missing: true as const }), input.change);
}

/**
 * PATCH request-groups/{id}/cancel: every traveller still Requested is canceled (and refunded, once, by the move);
 * a traveller the office has already taken up is left as it is and answered with the reason.
 */
export async function cancelGroup(deps: RequestDeps, principal: Principal, id: string): Promise<{ group: RequestGroup; outcomes: BulkOutcome[] }> {
  await visibleGroup(deps.db, principal, id);
  const travellers = await travellerRows(deps.db, id);
  const outcomes: BulkOutcome[] = [];
  const open = travellers.filter((t) => t.status === "Requested");
  for (const t of travellers) {
    if (t.status === "Requested") continue;
    // Not past Requested is the group's rule; a traveller already final (canceled alone before) is simply done.
    if (t.status === "Canceled") continue;
    outcomes.push({
      _id: t.id, reference: t.reference, ok: false, status: t.status,
      error: new ApiError(409, "errors.groupCancelTakenUp", { code: "ILLEGAL_TRANSITION", vars: { status: VISA_STATUS_KEYS[t.status] } }),
    });
  }
  outcomes.unshift(...(await moveEach(deps, principal, open, { status: "Canceled" })));
  return { group: await oneGroup(deps, principal, id), outcomes };
}

// ── Spreadsheet template ─────────────────────────────────────────────────────────────────────────
/**
 * POST request-groups/import-template/{csv|xlsx}: an empty sheet whose columns are the visa's fields, headed in the
 * caller's language (the browser's import reads these headers back, in any of the three languages), rendered by the
 * one export service. The visa as the agency sees it (hidden → 404).
 */
export async function importTemplate(deps: RequestDeps, principal: Principal, visaId: string, format: "csv" | "xlsx", locale: Locale) {
  const visa = await visaForAgency(deps.db, agencyOf(principal), visaId);
  const columns: ExportColumn<Record<string, string>>[] = fieldKindsOf(visa).map((kind) => ({ header: `filing.field.${kind}`, width: 22, value: (row) => row[kind] }));
  const file = await renderExport({ format, locale, title: "groups.template.title", columns }, [], null);
  const name = `${visa.title_en.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "visa"}-travellers.${file.extension}`;
  return { ...file, name };
}

// ── Results in bulk ──────────────────────────────────────────────────────────────────────────────
export interface ResultMatch {
  file: string;
  /** The traveller whose passport number the file's name carries; null when none does. */
  requestId: string | null;
  reference: string | null;
  passportNumber: string | null;
}

/** Letters and digits only, upper case: how a passport number is looked for in a file name ("visa_a1234567.pdf"). */
const bare = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * POST admin/requests/bulk-results: result documents (the visas) for a group's travellers, each file matched to the
 * traveller whose passport number its name carries (the longest number found wins). With `save` false this is the
 * preview: nothing is stored. Saved, each matched file becomes a result document of its traveller through
 * addResultDocuments, the one path of a single upload (its history row included); unmatched files are left out.
 */
export async function bulkResults(
  deps: RequestDeps, principal: Principal, groupId: string, files: { upload: Upload; name: string }[], save: boolean,
): Promise<{ matches: ResultMatch[]; saved: boolean }> {
  await visibleGroup(deps.db, principal, groupId);
  const travellers = (await travellerRows(deps.db, groupId)).filter((t) => bare(t.passport_number).length >= 6);
  const matches = files.map((file): ResultMatch => {
    const name = bare(file.name);
    const found = travellers.filter((t) => name.includes(bare(t.passport_number))).sort((a, b) => b.passport_number.length - a.passport_number.length)[0];
    return { file: file.name, requestId: found?.id ?? null, reference: found?.reference ?? null, passportNumber: found?.passport_number ?? null };
  });
  if (save) {
    for (const [i, match] of matches.entries()) {
      if (match.requestId) await addResultDocuments(deps, principal, match.requestId, [files[i]!]);
    }
  }
  return { matches, saved: save };
}
