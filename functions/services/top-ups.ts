/**
 * Top-up requests (issue 30 item 2; DESIGN §5): the agency says what it paid, through which bank or exchange office,
 * with the transfer slip; the office approves (one TopUp in the ledger), corrects the amount with a reason, or rejects
 * with a reason.
 *
 * Exactly once: a decision is a compare-and-set on the request's status (Pending → Approved/Rejected) that stamps the
 * decision's own id; the TopUp's statements in the same batch are conditional on the request carrying that id
 * (the moveGuard pattern), and a UNIQUE index allows one TopUp per request. Twenty approvals at once write one TopUp;
 * the others find the request decided and answer it as it is (the same decision) or 409 (another one).
 */
import type { PersonRef } from "../../src/contract/requests";
import type { PaymentInstructions, TopUpDecisionInput, TopUpRequest, TopUpRequestInput, TopUpRequestList, TOP_UP_STATUSES } from "../../src/contract/credit";
import type { topUpListQuery } from "../../src/contract/credit";
import type * as z from "zod/mini";

import { ApiError, notFound } from "../errors";
import { first, stmt } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { mapPage, pagedList, sqlPart, type ListSpec } from "../db/paged";
import { TOP_UP_FROM, TOP_UP_SELECT, slipOwner, topUpById, type TopUpRow } from "../db/top-ups";
import type { Principal } from "./accounts";
import { eventStatements } from "./events";
import { fileUrl, storeFile, type Upload } from "./files";
import { idempotent, principalKey } from "./idempotency";
import { dayRange, movementStatements } from "./ledger";
import { publishAfterCommit } from "./live-outbox";

export interface TopUpDeps {
  db: D1Database;
  files: R2Bucket;
  currency: string;
}

export function topUpRecord(row: TopUpRow, currency: string): TopUpRequest {
  return {
    _id: row.id, agency: { _id: row.agent_id, name: row.agent_name }, amount: row.amount, approvedAmount: row.approved_amount, currency,
    paidThrough: row.paid_through, bankReference: row.bank_reference, note: row.note,
    slip: { url: fileUrl(row.slip_key)!, type: row.slip_type }, status: row.status, reason: row.reason, transactionId: row.transaction_id,
    decidedBy: row.decided_by_name, decidedAt: row.decided_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

async function oneTopUp(db: D1Database, id: string, currency: string): Promise<TopUpRequest> {
  const row = await topUpById(db, id);
  if (!row) throw notFound("entity.topUpRequest");
  return topUpRecord(row, currency);
}

/**
 * POST top-up-requests (the agency's owner; staff never move money): the slip is stored through the file service
 * (its checks already passed) and the request written once per Idempotency-Key. The office hears of it live.
 */
export async function requestTopUp(
  deps: TopUpDeps, principal: Principal, input: TopUpRequestInput & { note?: string }, slip: Upload & { name: string }, key: string | null | undefined,
): Promise<{ value: TopUpRequest; replayed: boolean }> {
  const { db } = deps;
  const agentId = principal.agentId ?? principal.id;
  // The slip is part of "the same body": the same key with another slip is another request (409).
  const slipHash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", slip.bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return idempotent(
    db,
    { principal: principalKey(principal), key, scope: "POST /top-up-requests", body: { ...input, slip: slipHash } },
    async (complete) => {
      const id = uuidv7();
      const at = nowIso();
      const slipKey = await storeFile(deps.files, "slip", slip);
      const notice = eventStatements(db, {
        audience: "admins", type: "balance.updated", money: true, createdBy: principal.id, color: "#dbeafe",
        title: { key: "events.topUp.requested", vars: { agency: principal.name } },
        body: { key: "events.topUp.requestedBody", vars: { amount: `@@money:${input.amount}:${deps.currency}@@`, through: input.paidThrough } },
        value: { topUpRequestId: id, agentId },
      });
      await db.batch([
        stmt(db,
          `INSERT INTO top_up_requests (id, agent_id, amount, paid_through, bank_reference, note, slip_key, slip_type, slip_name, status, created_by, created_by_name, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Pending', ?, ?, ?, ?)`,
          id, agentId, input.amount, input.paidThrough, input.bankReference, input.note || null, slipKey, slip.type, slip.name, principal.id, principal.name, at, at),
        ...notice.statements,
        ...complete(id, 201),
      ]);
      publishAfterCommit(notice.event.row.id);
      return oneTopUp(db, id, deps.currency);
    },
    (id) => oneTopUp(db, id, deps.currency),
  );
}

type ListInput = z.output<typeof topUpListQuery>;

/** GET top-up-requests: an agency its own (agentId forced), the office all, filtered by status, agency and dates. */
export async function listTopUps(deps: TopUpDeps, principal: Principal, query: ListInput): Promise<TopUpRequestList> {
  const { page, limit, search, sort, order, ...filters } = query;
  const agentId = principal.kind === "Admin" ? filters.agentId : (principal.agentId ?? principal.id);
  const spec: ListSpec = {
    select: TOP_UP_SELECT,
    from: sqlPart(TOP_UP_FROM),
    where: [
      agentId !== undefined && sqlPart("t.agent_id = ?", agentId),
      filters.status !== undefined && sqlPart("t.status = ?", filters.status),
      ...dayRange("t.created_at", filters.from, filters.to),
    ],
    search: ["a.name", "t.paid_through", "t.bank_reference", "t.note"],
    sortable: { createdAt: "t.created_at", amount: "t.amount", status: "t.status" },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "t.id",
  };
  return mapPage(await pagedList<TopUpRow>(deps.db, spec, { page, limit, search, sort, order }), (row) => topUpRecord(row, deps.currency));
}

const DECIDED: Record<TopUpDecisionInput["action"], (typeof TOP_UP_STATUSES)[number]> = { approve: "Approved", correct: "Approved", reject: "Rejected" };

/**
 * PATCH top-up-requests/{id} (admin). Approve adds the amount asked, correct adds the corrected amount (the reason is
 * kept and told to the agency), reject adds nothing (the reason is told). Only a Pending request can be decided: the
 * same decision again answers the request as decided (a retry), another decision is a 409 naming its state.
 */
export async function decideTopUp(deps: TopUpDeps, id: string, input: TopUpDecisionInput, admin: PersonRef): Promise<TopUpRequest> {
  const { db } = deps;
  const row = await topUpById(db, id);
  if (!row) throw notFound("entity.topUpRequest");
  if (row.status !== "Pending") return decidedAlready(deps, row, input);
  const status = DECIDED[input.action];
  const amount = input.action === "correct" ? input.amount : input.action === "approve" ? row.amount : null;
  const reason = input.action === "approve" ? null : input.reason;
  const decisionId = uuidv7();
  const at = nowIso();
  const won = sqlPart("EXISTS (SELECT 1 FROM top_up_requests WHERE id = ? AND decision_id = ?)", id, decisionId);
  const movement = amount === null ? null : movementStatements(db, "TopUp", {
    agentId: row.agent_id, amount, reference: id, by: admin, at, guard: won,
    note: reason ? `${row.paid_through} · ${row.bank_reference} · ${reason}` : `${row.paid_through} · ${row.bank_reference}`,
  });
  await db.batch([
    // The compare-and-set: only the first decision finds the request Pending and stamps its id.
    stmt(db,
      `UPDATE top_up_requests SET status = ?, approved_amount = ?, reason = ?, decision_id = ?, transaction_id = ?, decided_by = ?, decided_by_name = ?,
         decided_at = ?, updated_at = ? WHERE id = ? AND status = 'Pending'`,
      status, amount, reason, decisionId, movement?.id ?? null, admin._id, admin.name, at, at, id),
    ...(movement?.statements ?? []),
  ]);
  const after = await topUpById(db, id);
  if (!after) throw notFound("entity.topUpRequest");
  if (after.decision_id !== decisionId) {
    // Another decision won the race; our batch changed nothing (the movement was guarded on our id).
    return decidedAlready(deps, after, input);
  }
  // An approval is told by the TopUp's own balance event (with the correction's reason in its note); a rejection here,
  // once, by the decision that won.
  if (input.action === "reject") {
    const rejection = eventStatements(db, {
      audience: "agency", agentId: row.agent_id, type: "balance.updated", money: true, createdBy: admin._id, color: "#fee2e2",
      title: { key: "events.topUp.rejected", vars: { amount: `@@money:${row.amount}:${deps.currency}@@` } },
      body: { key: "events.topUp.reasonBody", vars: { reason: input.reason } },
      value: { topUpRequestId: id, status },
    });
    await db.batch(rejection.statements);
    publishAfterCommit(rejection.event.row.id);
  }
  return topUpRecord(after, deps.currency);
}

/** A decision on a request already decided: the same one answers the request as it is; another one is a 409. */
function decidedAlready(deps: TopUpDeps, row: TopUpRow, input: TopUpDecisionInput): TopUpRequest {
  const same = row.status === DECIDED[input.action]
    && (input.action !== "correct" || row.approved_amount === input.amount)
    && (input.action !== "approve" || row.approved_amount === row.amount);
  if (same) return topUpRecord(row, deps.currency);
  throw new ApiError(409, "errors.topUpDecided", { code: "TOP_UP_DECIDED", vars: { status: `topUps.status.${row.status}` } });
}

/** A slip is served to the office and to its agency's owner (not staff: it is money), else it does not exist. */
export async function maySeeSlip(db: D1Database, principal: Principal, key: string): Promise<boolean> {
  if (principal.kind === "Admin") return true;
  return principal.kind === "Agent" && (await slipOwner(db, key)) === principal.id;
}

// ── Payment instructions ─────────────────────────────────────────────────────────────────────────
const INSTRUCTIONS_KEY = "payment_instructions";

/** GET settings/payment-instructions: what the agency reads on the top-up form, per language. */
export async function paymentInstructions(db: D1Database): Promise<PaymentInstructions> {
  const row = await first<{ value: string; updated_at: string }>(db, "SELECT value, updated_at FROM app_meta WHERE key = ?", INSTRUCTIONS_KEY);
  const value = row ? (JSON.parse(row.value) as Partial<PaymentInstructions>) : {};
  return { en: value.en ?? "", ar: value.ar ?? "", ku: value.ku ?? "", updatedAt: row?.updated_at ?? null };
}

/** PATCH settings/payment-instructions (admin). */
export async function setPaymentInstructions(db: D1Database, input: { en: string; ar: string; ku: string }): Promise<PaymentInstructions> {
  await db
    .prepare("INSERT INTO app_meta (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
    .bind(INSTRUCTIONS_KEY, JSON.stringify({ en: input.en, ar: input.ar, ku: input.ku }), nowIso())
    .run();
  return paymentInstructions(db);
}
