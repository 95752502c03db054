/**
 * The credit line (issue 30; DESIGN §5): an admin-set limit per agency (its group's by default), terms in days, and a
 * freeze. The limit is enforced by the ledger's own charge (ledger.ts writes the floor on each Order's row, where the
 * database refuses a row below it); this module reads the state the agency sees, changes it, and writes the reminders
 * that go with a charge.
 */
import type { CreditInput, CreditState } from "../../src/contract/credit";
import { LOCALES } from "../../src/shared/locales";
import { notFound } from "../errors";
import { insertHistoryStatement, type HistoryEntry } from "../db/agent-history";
import { creditColumnsSql, creditLimitSql, creditState, pastTermsSql, type CreditColumns } from "../db/credit";
import { all, first, stmt } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import type { Sql } from "../db/paged";
import { translate } from "../i18n";
import { outboxCurrency, publishAfterCommit } from "./live-outbox";

/** The credit state of one agency (404 when there is none), as of `now`. */
export async function creditOf(db: D1Database, agentId: string, now = Date.now()): Promise<CreditState> {
  const row = await first<CreditColumns>(db, `SELECT a.balance, ${creditColumnsSql("a")} FROM agents a WHERE a.id = ?`, agentId);
  if (!row) throw notFound("entity.agent");
  return creditState(row, now);
}

/**
 * PATCH agents/{id}/credit (admin): limit, terms, freeze. Takes effect on the next charge (the floor is read inside the
 * charge's batch). Lowering the limit under a debt is allowed: the agency then cannot charge until it is back above
 * the new floor, as when frozen. Each change is a line of the agency's history.
 */
export async function setCredit(db: D1Database, agentId: string, input: CreditInput, actor: HistoryEntry["actor"]): Promise<CreditState> {
  const before = await first<{ credit_limit: number | null; credit_terms_days: number | null; credit_frozen: number }>(
    db, "SELECT credit_limit, credit_terms_days, credit_frozen FROM agents WHERE id = ?", agentId,
  );
  if (!before) throw notFound("entity.agent");
  const at = nowIso();
  const columns: [string, string, number | null, number | null][] = [];
  if (input.limit !== undefined) columns.push(["credit_limit", "creditLimit", before.credit_limit, input.limit]);
  if (input.termsDays !== undefined) columns.push(["credit_terms_days", "creditTermsDays", before.credit_terms_days, input.termsDays]);
  if (input.frozen !== undefined) columns.push(["credit_frozen", "creditFrozen", before.credit_frozen, input.frozen ? 1 : 0]);
  const changes = columns.filter(([, , from, to]) => from !== to).map(([, field, from, to]) => ({ field, from: from === null ? null : String(from), to: to === null ? null : String(to) }));
  await db.batch([
    stmt(db, `UPDATE agents SET ${columns.map(([c]) => `${c} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, ...columns.map(([, , , to]) => to), at, agentId),
    ...(changes.length ? [insertHistoryStatement(db, { agentId, action: "credit", changes, actor, at })] : []),
  ]);
  return creditOf(db, agentId);
}

/** Reminder steps: the available amount has fallen under this share of the limit (the lower step wins). */
const REMINDER_STEPS = [20, 40] as const;

/**
 * The reminder of a charge (issue 30): when this Order takes the available amount (balance + credit) from at or
 * above 40 % (20 %) of the limit to under it, the agency (its owner: staff see no money) hears it live and by push,
 * in its language. Written by the charge's own batch, after its movement, so it reads the balance right after it and
 * exists only if the charge committed; published from the committed row (live-outbox).
 */
export function creditReminderStatements(db: D1Database, movement: { agentId: string; amount: number; by: { _id: string }; at: string; guard?: Sql }): D1PreparedStatement[] {
  const currency = outboxCurrency();
  const limit = creditLimitSql("a");
  const available = `(a.balance + ${limit})`;
  const guard = movement.guard ? ` AND ${movement.guard.sql}` : "";
  return REMINDER_STEPS.map((percent, index) => {
    const id = uuidv7();
    publishAfterCommit(id);
    const titles = LOCALES.map((l) => translate(l, "events.credit.low", { percent }));
    const bodies = LOCALES.map((l) => translate(l, "events.credit.lowBody", { available: "@@available@@" }));
    // Crossed this step with this charge, and not the lower one too (that one speaks instead).
    const lower = REMINDER_STEPS[index - 1];
    const crossed = `${available} * 100 < ${percent} * ${limit} AND (${available} + ?) * 100 >= ${percent} * ${limit}`;
    const notLower = lower ? ` AND NOT (${available} * 100 < ${lower} * ${limit})` : "";
    return db
      .prepare(
        `INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
         SELECT ?, 'agency', a.id, 'balance.updated', ?, ?, ?, ${LOCALES.map(() => `replace(?, '@@available@@', '@@money:' || MAX(${available}, 0) || ':' || ? || '@@')`).join(", ")},
           json_object('balance', a.balance, 'reminder', ${percent}, 'available', MAX(${available}, 0), 'limit', ${limit}, 'currency', ?, 'eventId', ?), '#ffedd5', 1, ?, ?, ?
         FROM agents a WHERE a.id = ? AND a.credit_frozen = 0 AND ${limit} > 0 AND ${crossed}${notLower}${guard}`,
      )
      .bind(
        id, ...titles, ...bodies.flatMap((b) => [b, currency]), currency, id, movement.by._id, movement.at, movement.at,
        movement.agentId, movement.amount, ...(movement.guard?.params ?? []),
      );
  });
}


/** A debt past its terms is told again after this many days while it stays unpaid (one reminder per period). */
export const OVERDUE_REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The reminder of a debt older than the agency's terms (issue 30), once per period of OVERDUE_REMINDER_DAYS from the
 * day the terms ran out, live and by push in its language. Sent by the Cron Trigger's sweep (remindAllOverdue), and
 * also when the agency reads its balance (every page of its own does) if that comes first. Its id names the agency,
 * the day the debt began and the period, so however many callers ask at once (pages, the sweep, a sweep run twice)
 * one row is written and published; a new debt, or the next period of the same one, is a new reminder. Answers
 * whether this call wrote it.
 */
export async function remindOverdue(db: D1Database, agentId: string, currency: string, now = Date.now()): Promise<boolean> {
  const state = await creditOf(db, agentId, now);
  if (!state.overdue || !state.debtSince || state.termsDays === null) return false;
  const period = Math.max(0, Math.floor((now - Date.parse(state.debtSince) - state.termsDays * DAY_MS) / (OVERDUE_REMINDER_DAYS * DAY_MS)));
  const id = `overdue-${agentId}-${state.debtSince}-${period}`;
  const titles = LOCALES.map((l) => translate(l, "events.credit.overdue", { days: state.termsDays ?? 0 }));
  const bodies = LOCALES.map((l) => translate(l, "events.credit.overdueBody", { debt: `@@money:${state.debt}:${currency}@@` }));
  const at = nowIso();
  const written = await db
    .prepare(
      `INSERT OR IGNORE INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
       VALUES (?, 'agency', ?, 'balance.updated', ?, ?, ?, ?, ?, ?, json_object('balance', ?, 'reminder', 'overdue', 'debtSince', ?, 'currency', ?, 'eventId', ?), '#fee2e2', 1, NULL, ?, ?)`,
    )
    .bind(id, agentId, ...titles, ...bodies, -state.debt, state.debtSince, currency, id, at, at)
    .run();
  if (written.meta.changes !== 1) return false;
  publishAfterCommit(id);
  return true;
}

/**
 * The Cron Trigger's sweep (functions/scheduled.ts): every agency past its terms — the agencies list's and the
 * dashboard's own condition — gets this period's reminder, whether or not it opens a page. Run inside an outbox, so
 * what was written is published live and by push. Answers how many reminders went out.
 */
export async function remindAllOverdue(db: D1Database, currency: string, now = Date.now()): Promise<number> {
  const overdue = await all<{ id: string }>(db, `SELECT a.id FROM agents a WHERE a.enabled = 1 AND ${pastTermsSql("a")}`);
  let sent = 0;
  for (const { id } of overdue) if (await remindOverdue(db, id, currency, now)) sent += 1;
  return sent;
}
