// A demo group (issue 28): two travellers of Sunrise Travel filed together under VG-2026-000001 and approved, so the
// agency's group pages (/groups, /groups/{id}, its printout) have a record to show. Both are closed (Approved): they
// are in no queue of the office. Their Orders are covered by a deposit of their own, so the ledger still reconciles
// and the demo balance stays what accounts.mjs says. Fixed ids, INSERT OR IGNORE.
import { IDS } from "./accounts.mjs";
import { sql } from "./lib.mjs";

const fixed = (kind, n) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
export const DEMO_GROUP = fixed("d", 1);
const VISA = fixed("3", 1);
const AGENT = { kind: "Agent", id: IDS.sunrise, name: "Sunrise Travel" };
const ADMIN = { kind: "Admin", id: IDS.admin, name: "Layla Hassan" };
const PRICE = 7_900;
const at = (d, h, m = 0) => new Date(Date.UTC(2026, 10, d, h, m)).toISOString();
const FILED = at(13, 9, 30);
const future = (days) => new Date(Date.UTC(2027, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

const TRAVELLERS = [
  { n: 21, fields: { FullName: "مريم حسن علي", PassportNumber: "K1029384", DateOfBirth: "1991-06-02", PassportExpiry: future(900), TravelDate: future(30) } },
  { n: 22, fields: { FullName: "يوسف حسن علي", PassportNumber: "K5647382", DateOfBirth: "2015-02-19", PassportExpiry: future(800), TravelDate: future(30) } },
];

export function statements() {
  const out = [
    sql`INSERT OR IGNORE INTO request_groups (id, reference, agent_id, visa_id, name, note, traveller_count, filed_by_kind, filed_by_id, filed_by_name, created_at, updated_at)
      VALUES (${DEMO_GROUP}, 'VG-2026-000001', ${AGENT.id}, ${VISA}, ${"Hassan family"}, NULL, ${TRAVELLERS.length}, ${AGENT.kind}, ${AGENT.id}, ${AGENT.name}, ${FILED}, ${at(14, 11)})`,
  ];
  let history = 900;
  const moves = [["InProcess", at(13, 12)], ["Approved", at(14, 11)]];
  for (const t of TRAVELLERS) {
    const id = fixed("5", t.n);
    out.push(sql`INSERT OR IGNORE INTO visa_requests (id, reference, visa_id, visa_title_en, visa_title_ar, visa_title_ku, country_id, country_code,
        country_name_en, country_name_ar, country_name_ku, agent_id, filed_by_kind, filed_by_id, filed_by_name, fields, applicant_name, passport_number,
        price, currency, status, reason, missing_documents, paid, note, version, group_id, created_at, updated_at)
      SELECT ${id}, ${`VR-2026-${String(t.n).padStart(6, "0")}`}, v.id, v.title_en, v.title_ar, v.title_ku, c.id, c.code, c.name_en, c.name_ar, c.name_ku,
        ${AGENT.id}, ${AGENT.kind}, ${AGENT.id}, ${AGENT.name}, ${JSON.stringify(t.fields)}, ${t.fields.FullName}, ${t.fields.PassportNumber},
        ${PRICE}, 'USD', 'Approved', NULL, '[]', 0, NULL, ${moves.length + 1}, ${DEMO_GROUP}, ${FILED}, ${at(14, 11)}
      FROM visas v JOIN countries c ON c.id = v.country_id WHERE v.id = ${VISA}`);
    let from = null;
    for (const [to, when, by, action] of [["Requested", FILED, AGENT, "filed"], ...moves.map(([s, w]) => [s, w, ADMIN, "status"])]) {
      out.push(sql`INSERT OR IGNORE INTO request_history (id, request_id, at, by_kind, by_id, by_name, from_status, to_status, reason, action)
        VALUES (${fixed("7", ++history)}, ${id}, ${when}, ${by.kind}, ${by.id}, ${by.name}, ${from}, ${to}, NULL, ${action})`);
      from = to;
    }
  }
  // The group's own deposit, then its two Orders: the balance ends where it began.
  const opening = 250_000;
  let balance = opening + PRICE * TRAVELLERS.length;
  out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
    VALUES (${fixed("d", 101)}, ${AGENT.id}, 'TopUp', 'Incoming', ${PRICE * TRAVELLERS.length}, ${balance}, NULL, ${"Bank transfer"}, ${ADMIN.id}, 'Admin', ${ADMIN.name}, ${at(13, 8)})`);
  TRAVELLERS.forEach((t, i) => {
    balance -= PRICE;
    out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
      VALUES (${fixed("d", 102 + i)}, ${AGENT.id}, 'Order', 'Outgoing', ${PRICE}, ${balance}, ${fixed("5", t.n)}, NULL, ${AGENT.id}, ${AGENT.kind}, ${AGENT.name}, ${FILED})`);
  });
  out.push(sql`INSERT INTO reference_counters (scope, value) VALUES ('VG-2026', 1) ON CONFLICT (scope) DO UPDATE SET value = MAX(value, excluded.value)`);
  out.push(sql`INSERT INTO reference_counters (scope, value) VALUES ('VR-2026', ${Math.max(...TRAVELLERS.map((t) => t.n))}) ON CONFLICT (scope) DO UPDATE SET value = MAX(value, excluded.value)`);
  return out;
}
