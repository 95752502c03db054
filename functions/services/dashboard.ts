/**
 * GET admin/dashboard (our addition, issue 15): the counts and day series of the admin's first page, each computed
 * the same way as the list it links to (requests by status and created_at, the ledger by type and created_at,
 * agencies by the pending and balance filters), so a figure equals the total of its filtered list.
 */
import type { Dashboard } from "../../src/contract/agents";
import { VISA_STATUSES } from "../../src/contract/requests";
import type { Locale } from "../../src/shared/locales";
import { LOW_BALANCE_SQL, PENDING_SQL } from "../db/agents";
import { pastTermsSql } from "../db/credit";

/** Statuses that still need the office's work; the others are final. */
export const OPEN_STATUSES = VISA_STATUSES.filter((s) => !["Canceled", "Rejected", "Paid", "Approved"].includes(s));

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function dashboard(db: D1Database, currency: string, locale: Locale, days: number, now = new Date()): Promise<Dashboard> {
  const today = dayOf(now);
  const month = today.slice(0, 7);
  const since = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const title = locale === "ar" ? "visa_title_ar" : locale === "ku" ? "visa_title_ku" : "visa_title_en";
  // Revenue: what agencies paid for requests (Order) less what was given back (Refund).
  const revenue = "SUM(CASE type WHEN 'Order' THEN amount WHEN 'Refund' THEN -amount ELSE 0 END)";
  const [byStatus, filed, money, pending, low, perDay, revenuePerDay, top, credit] = await db.batch([
    db.prepare("SELECT status, COUNT(*) AS n FROM visa_requests GROUP BY status"),
    db.prepare("SELECT COUNT(*) AS n FROM visa_requests WHERE substr(created_at, 1, 10) = ?").bind(today),
    db.prepare(`SELECT COALESCE((SELECT ${revenue} FROM transactions WHERE substr(created_at, 1, 10) = ?1), 0) AS today,
      COALESCE((SELECT ${revenue} FROM transactions WHERE substr(created_at, 1, 7) = ?2), 0) AS month`).bind(today, month),
    db.prepare(`SELECT COUNT(*) AS n FROM agents a WHERE ${PENDING_SQL}`),
    db.prepare(`SELECT COUNT(*) AS n FROM agents a LEFT JOIN groups g ON g.id = a.group_id WHERE ${LOW_BALANCE_SQL}`),
    db.prepare("SELECT substr(created_at, 1, 10) AS day, status, COUNT(*) AS n FROM visa_requests WHERE created_at >= ? GROUP BY day, status").bind(since),
    db.prepare(`SELECT substr(created_at, 1, 10) AS day, ${revenue} AS amount FROM transactions WHERE created_at >= ? GROUP BY day`).bind(since),
    db.prepare(`SELECT visa_id, MAX(${title}) AS title, COUNT(*) AS n FROM visa_requests WHERE created_at >= ? GROUP BY visa_id ORDER BY n DESC, visa_id LIMIT 5`).bind(since),
    // Issue 30: credit in use (the debts of agencies below zero), how many owe, and how many are past their terms
    // (the agencies list's inDebt and pastTerms filters, the same conditions).
    db.prepare(`SELECT COALESCE(SUM(CASE WHEN a.balance < 0 THEN -a.balance ELSE 0 END), 0) AS in_use, COUNT(CASE WHEN a.balance < 0 THEN 1 END) AS owing,
      COUNT(CASE WHEN ${pastTermsSql("a")} THEN 1 END) AS past FROM agents a`),
  ]);
  const rows = <T>(r: D1Result | undefined) => (r?.results ?? []) as T[];
  const openByStatus: Record<string, number> = Object.fromEntries(OPEN_STATUSES.map((s) => [s, 0]));
  for (const r of rows<{ status: string; n: number }>(byStatus)) if (r.status in openByStatus) openByStatus[r.status] = r.n;
  const dayList = Array.from({ length: days }, (_, i) => dayOf(new Date(new Date(`${since}T00:00:00Z`).getTime() + i * 86_400_000)));
  const perDayMap = new Map(dayList.map((d) => [d, {} as Record<string, number>]));
  for (const r of rows<{ day: string; status: string; n: number }>(perDay)) {
    const bucket = perDayMap.get(r.day);
    if (bucket) bucket[r.status] = r.n;
  }
  const revenueMap = new Map(rows<{ day: string; amount: number }>(revenuePerDay).map((r) => [r.day, r.amount]));
  const money0 = rows<{ today: number; month: number }>(money)[0];
  return {
    currency,
    openByStatus,
    filedToday: rows<{ n: number }>(filed)[0]?.n ?? 0,
    revenueToday: money0?.today ?? 0,
    revenueMonth: money0?.month ?? 0,
    pendingApprovals: rows<{ n: number }>(pending)[0]?.n ?? 0,
    lowBalance: rows<{ n: number }>(low)[0]?.n ?? 0,
    creditInUse: rows<{ in_use: number }>(credit)[0]?.in_use ?? 0,
    agenciesOwing: rows<{ owing: number }>(credit)[0]?.owing ?? 0,
    pastTerms: rows<{ past: number }>(credit)[0]?.past ?? 0,
    perDay: dayList.map((day) => ({ day, byStatus: perDayMap.get(day)! })),
    revenuePerDay: dayList.map((day) => ({ day, amount: revenueMap.get(day) ?? 0 })),
    topVisas: rows<{ visa_id: string; title: string; n: number }>(top).map((r) => ({ _id: r.visa_id, title: r.title, count: r.n })),
  };
}
