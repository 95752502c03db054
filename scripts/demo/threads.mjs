// Demo conversations and audit rows (issue 29): the office and the agencies talking about a few requests (one
// internal note the agencies never see), and the office's recent actions in the audit log, so a newcomer sees the
// thread on a request page, unread counts in the lists, /admin/audit-log and an agency's /activity with content.
// Fixed ids, INSERT OR IGNORE (the audit log only ever grows; it is never updated).
import { IDS } from "./accounts.mjs";
import { sql } from "./lib.mjs";

const request = (n) => `0193a000-0000-7000-8000-00000005${String(n).padStart(4, "0")}`;
const id = (n) => `0193a000-0000-7000-8000-0000000e${String(n).padStart(4, "0")}`;
const at = (d, hour, minute = 0) => new Date(Date.UTC(2026, 10, d, hour, minute)).toISOString();

const OFFICE = { kind: "Admin", id: IDS.admin, name: "Layla Hassan" };
const SUNRISE = { kind: "Agent", id: IDS.sunrise, name: "Sunrise Travel" };
const STAFF = { kind: "User", id: IDS.staff, name: "Rawa Jamal" };
const TIGRIS = { kind: "Agent", id: IDS.tigris, name: "Tigris Tours" };

/** [n, request, agency, side, author, body, time, internal] */
const MESSAGES = [
  [1, 2, IDS.sunrise, "office", OFFICE, "مرحبًا، كشف الحساب المرفق قديم. نحتاج كشفًا لآخر ثلاثة أشهر مختومًا من البنك.", at(9, 13, 5), false],
  [2, 2, IDS.sunrise, "agency", STAFF, "تمام، طلبنا من المسافر كشفًا جديدًا وسنرفعه اليوم.", at(9, 14, 20), false],
  [3, 2, IDS.sunrise, "office", OFFICE, "The applicant's employer letter looks fine; only the bank statement is missing.", at(9, 14, 45), true],
  [4, 5, IDS.tigris, "agency", TIGRIS, "هل يمكن الإسراع بهذا الطلب؟ موعد السفر قريب.", at(10, 9, 0), false],
  [5, 5, IDS.tigris, "office", OFFICE, "بالتأكيد، الطلب الآن قيد المعالجة وسنبلغكم فور صدور التأشيرة.", at(10, 9, 30), false],
];

/** [n, when, actor, method, route, path, kind, record id, label, agency, changes] */
const AUDIT = [
  [1, at(8, 8, 0), OFFICE, "POST", "/api/auth/loginAdmin", "/api/auth/loginAdmin", "session", null, null, null, {}],
  [2, at(9, 13, 0), OFFICE, "PATCH", "/api/requests/:id", `/api/requests/${request(2)}`, "visaRequest", request(2), "VR-2026-000002", IDS.sunrise, { status: ["Requested", "DocumentNeeded"] }],
  [3, at(10, 9, 25), OFFICE, "PATCH", "/api/requests/:id", `/api/requests/${request(5)}`, "visaRequest", request(5), "VR-2026-000005", IDS.tigris, { status: ["Requested", "InProcess"] }],
  [4, at(11, 10, 0), OFFICE, "PATCH", "/api/visa/:id", "/api/visa/0193a000-0000-7000-8000-000000030001", "visa", "0193a000-0000-7000-8000-000000030001", "Turkey tourist e-Visa", null, { price: [8_000, 8_500] }],
  [5, at(11, 10, 5), OFFICE, "PATCH", "/api/agents/editByAdmin/:id", `/api/agents/editByAdmin/${IDS.tigris}`, "agent", IDS.tigris, "Tigris Tours", IDS.tigris, { city: [null, "Baghdad"] }],
];

export function statements() {
  const out = [];
  for (const [n, req, agency, side, author, body, time, internal] of MESSAGES) {
    out.push(sql`INSERT OR IGNORE INTO messages (id, subject_kind, subject_id, agent_id, side, author_kind, author_id, author_name, body, internal, created_at)
      VALUES (${id(n)}, 'visa', ${request(req)}, ${agency}, ${side}, ${author.kind}, ${author.id}, ${author.name}, ${body}, ${internal ? 1 : 0}, ${time})`);
  }
  // The office has read both threads; Sunrise has read its own up to its reply (the office's note after it is internal).
  out.push(sql`INSERT OR IGNORE INTO message_reads (subject_kind, subject_id, side, last_read_at, reader_name) VALUES ('visa', ${request(2)}, 'office', ${at(9, 14, 45)}, ${OFFICE.name})`);
  out.push(sql`INSERT OR IGNORE INTO message_reads (subject_kind, subject_id, side, last_read_at, reader_name) VALUES ('visa', ${request(2)}, 'agency', ${at(9, 14, 20)}, ${STAFF.name})`);
  out.push(sql`INSERT OR IGNORE INTO message_reads (subject_kind, subject_id, side, last_read_at, reader_name) VALUES ('visa', ${request(5)}, 'office', ${at(10, 9, 30)}, ${OFFICE.name})`);
  for (const [n, when, actor, method, route, path, kind, recordId, label, agency, changes] of AUDIT) {
    out.push(sql`INSERT OR IGNORE INTO audit_log (id, at, actor_kind, actor_id, actor_name, ip, user_agent, method, route, path, record_kind, record_id, record_label, agent_id, status, outcome, changes)
      VALUES (${id(100 + n)}, ${when}, ${actor.kind}, ${actor.id}, ${actor.name}, '192.0.2.10', 'Mozilla/5.0 (demo)', ${method}, ${route}, ${path}, ${kind}, ${recordId}, ${label}, ${agency}, 200, 'done', ${JSON.stringify(changes)})`);
  }
  return out;
}
