// Demo visa requests (issue 8): a few requests of both demo agencies in different states, with their documents
// (small real PDFs put into local R2), history, and the ledger rows behind them. The demo balances stay 2,500.00 and
// 750.00 USD: a deposit before the requests covers their orders net of refunds, so every agency's balance equals
// Σ Incoming − Σ Outgoing (transactions/reconcile reports zero mismatches). Fixed ids, INSERT OR IGNORE.
import { IDS } from "./accounts.mjs";
import { sql } from "./lib.mjs";

const fixed = (kind, n) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const visa = (n) => fixed("3", n);
const requirement = { passport: fixed("2", 1), photo: fixed("2", 2), bank: fixed("2", 3), nationalId: fixed("2", 7) };
const day = (d, hour = 9, minute = 0) => new Date(Date.UTC(2026, 10, d, hour, minute)).toISOString();
const future = (days) => new Date(Date.UTC(2027, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

const AGENT = { kind: "Agent", sunrise: { id: IDS.sunrise, name: "Sunrise Travel" }, tigris: { id: IDS.tigris, name: "Tigris Tours" } };
const STAFF = { kind: "User", id: IDS.staff, name: "Rawa Jamal" };
const ADMIN = { kind: "Admin", id: IDS.admin, name: "Layla Hassan" };

/**
 * Each request: who filed it, the visa and the price the agency paid (Gold prices for Sunrise), the applicant, and the
 * moves after filing [to, minutes later, by, reason, missing requirement names].
 */
const REQUESTS = [
  { n: 1, agency: "sunrise", by: "agent", visa: 1, price: 7_900, filed: day(10, 10, 15), status: "Requested",
    fields: { FullName: "أحمد علي حسن", PassportNumber: "A12345678", DateOfBirth: "1988-03-14", PassportExpiry: future(900), TravelDate: future(20) },
    moves: [] },
  { n: 2, agency: "sunrise", by: "staff", visa: 17, price: 16_500, filed: day(8, 11, 0), status: "DocumentNeeded",
    fields: { FullName: "Omar Khalid Aziz", PassportNumber: "B7654321", DateOfBirth: "1979-07-02", PassportExpiry: future(1200), TravelDate: future(40), ReturnDate: future(55), Email: "omar.aziz@example.com", TravelReason: "Tourism in Berlin and Munich" },
    moves: [["DocumentNeeded", 26 * 60, "admin", "The bank statement must be from the last three months.", ["bank"]]] },
  { n: 3, agency: "sunrise", by: "agent", visa: 15, price: 4_000, filed: day(5, 9, 30), status: "Approved", result: true,
    fields: { FullName: "ڕێژنە ئەحمەد کەریم", PassportNumber: "C1122334", DateOfBirth: "1995-01-20", PassportExpiry: future(700), TravelDate: future(10) },
    moves: [["InProcess", 60, "admin"], ["Paid", 180, "admin"], ["Approved", 24 * 60, "admin"]] },
  { n: 4, agency: "sunrise", by: "agent", visa: 1, price: 7_900, filed: day(6, 14, 0), status: "Canceled", refund: true,
    fields: { FullName: "Sara Mahmoud", PassportNumber: "D9988776", DateOfBirth: "2001-11-30", PassportExpiry: future(800), TravelDate: future(15) },
    moves: [["Canceled", 45, "agent"]] },
  { n: 5, agency: "tigris", by: "agent", visa: 11, price: 4_000, filed: day(9, 8, 45), status: "InProcess",
    fields: { FullName: "حسين جبار كاظم", PassportNumber: "E5544332", DateOfBirth: "1965-05-05", PassportExpiry: future(600), TravelDate: future(12) },
    moves: [["InProcess", 90, "admin"]] },
  { n: 6, agency: "tigris", by: "agent", visa: 11, price: 4_000, filed: day(7, 10, 0), status: "Rejected", refund: true,
    fields: { FullName: "Zainab Hadi", PassportNumber: "F6677889", DateOfBirth: "1992-09-17", PassportExpiry: future(650), TravelDate: future(8) },
    moves: [["Rejected", 120, "admin", "The crossing is closed for individual pilgrims this month."]] },
  { n: 7, agency: "tigris", by: "agent", visa: 11, price: 4_000, filed: day(11, 16, 20), status: "CorrectionNeeded",
    fields: { FullName: "Ali Hasan", PassportNumber: "G1234509", DateOfBirth: "1983-12-01", PassportExpiry: future(900), TravelDate: future(25) },
    moves: [["CorrectionNeeded", 15 * 60, "admin", "The name must be written exactly as in the passport (four parts)."]] },
];
/**
 * Added later (issue 27: a request in every status), after the first seven so a database seeded before keeps every
 * row it has: their orders are covered by a deposit of their own (ids of kind "9"), so the ledger still reconciles.
 */
const LATER_REQUESTS = [
  { n: 8, agency: "sunrise", by: "agent", visa: 15, price: 4_000, filed: day(12, 9, 10), status: "Paid",
    fields: { FullName: "Layla Omar Saeed", PassportNumber: "H2233445", DateOfBirth: "1990-04-12", PassportExpiry: future(950), TravelDate: future(18) },
    moves: [["InProcess", 50, "admin"], ["Paid", 4 * 60, "admin"]] },
  { n: 9, agency: "sunrise", by: "staff", visa: 1, price: 7_900, filed: day(12, 11, 40), status: "Modified",
    fields: { FullName: "كريم جاسم محمد", PassportNumber: "J5566778", DateOfBirth: "1986-08-25", PassportExpiry: future(720), TravelDate: future(22) },
    moves: [["DocumentNeeded", 70, "admin", "The passport scan is cut off at the bottom: send the whole page.", ["passport"]], ["Modified", 3 * 60, "staff"]] },
];
const REQUIREMENT_NAMES = {
  bank: { en: "Bank statement", ar: "كشف حساب بنكي", ku: "کەشفی حسابی بانکی" },
  passport: { en: "Passport scan", ar: "صورة جواز السفر", ku: "وێنەی پاسپۆرت" },
};

/** A one-page PDF with one line of text: small, valid, and recognisable when opened from the demo. */
function demoPdf(title) {
  const text = title.replace(/[()\\]/g, "");
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}


/** The documents of request r: its passport scan and photo (uploads), and for approved ones the visa (result). */
function documentsOf(r) {
  const base = (r.n - 1) * 3;
  const list = [
    { id: fixed("6", base + 1), kind: "upload", requirementId: requirement.passport, name: "passport-scan.pdf", title: `Passport scan - ${r.fields.PassportNumber} (demo)` },
    { id: fixed("6", base + 2), kind: "upload", requirementId: requirement.photo, name: "photo.pdf", title: `Photo - ${r.fields.PassportNumber} (demo)` },
  ];
  if (r.result) list.push({ id: fixed("6", base + 3), kind: "result", requirementId: null, name: "e-visa.pdf", title: `e-Visa - ${r.fields.PassportNumber} (demo)` });
  return list.map((d) => ({ ...d, key: `request/${d.id}.pdf` }));
}

export function objects() {
  return [...REQUESTS, ...LATER_REQUESTS].flatMap(documentsOf).map((d) => ({ key: d.key, bytes: demoPdf(d.title), contentType: "application/pdf" }));
}

export function statements() {
  const out = [];
  const ledger = { sunrise: [], tigris: [] };
  const later = { sunrise: [], tigris: [] };
  let history = 0;
  let tx = 0;
  for (const r of [...REQUESTS, ...LATER_REQUESTS]) {
    const entries = LATER_REQUESTS.includes(r) ? later : ledger;
    const id = fixed("5", r.n);
    const agency = AGENT[r.agency];
    const filer = r.by === "staff" ? STAFF : { kind: "Agent", id: agency.id, name: agency.name };
    const last = r.moves.at(-1);
    const reason = last?.[3] ?? null;
    const missing = (last?.[4] ?? []).map((name) => ({ _id: requirement[name], name: REQUIREMENT_NAMES[name] }));
    const updated = last ? new Date(Date.parse(r.filed) + last[1] * 60_000).toISOString() : r.filed;
    const paid = r.moves.some(([to]) => to === "Paid") ? 1 : 0;
    // The visa's title and country are copied from the demo catalogue, as filing does.
    out.push(sql`INSERT OR IGNORE INTO visa_requests (id, reference, visa_id, visa_title_en, visa_title_ar, visa_title_ku, country_id, country_code,
        country_name_en, country_name_ar, country_name_ku, agent_id, filed_by_kind, filed_by_id, filed_by_name, fields, applicant_name, passport_number,
        price, currency, status, reason, missing_documents, paid, note, version, created_at, updated_at)
      SELECT ${id}, ${`VR-2026-${String(r.n).padStart(6, "0")}`}, v.id, v.title_en, v.title_ar, v.title_ku, c.id, c.code, c.name_en, c.name_ar, c.name_ku,
        ${agency.id}, ${filer.kind}, ${filer.id}, ${filer.name}, ${JSON.stringify(r.fields)}, ${r.fields.FullName}, ${r.fields.PassportNumber},
        ${r.price}, 'USD', ${r.status}, ${reason}, ${JSON.stringify(missing)}, ${paid}, NULL, ${r.moves.length + 1}, ${r.filed}, ${updated}
      FROM visas v JOIN countries c ON c.id = v.country_id WHERE v.id = ${visa(r.visa)}`);
    for (const d of documentsOf(r)) {
      const by = d.kind === "result" ? ADMIN : filer;
      const at = d.kind === "result" ? updated : r.filed;
      out.push(sql`INSERT OR IGNORE INTO request_documents (id, request_id, kind, requirement_id, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
        VALUES (${d.id}, ${id}, ${d.kind}, ${d.requirementId}, ${d.key}, ${d.name}, 'application/pdf', ${demoPdf(d.title).length}, ${by.kind}, ${by.id}, ${by.name}, ${at})`);
    }
    const row = (at, by, from, to, why, action) =>
      sql`INSERT OR IGNORE INTO request_history (id, request_id, at, by_kind, by_id, by_name, from_status, to_status, reason, action)
        VALUES (${fixed("7", ++history)}, ${id}, ${at}, ${by.kind}, ${by.id}, ${by.name}, ${from}, ${to}, ${why}, ${action})`;
    out.push(row(r.filed, filer, null, "Requested", null, "filed"));
    let from = "Requested";
    for (const [to, minutes, who, why = null] of r.moves) {
      const at = new Date(Date.parse(r.filed) + minutes * 60_000).toISOString();
      out.push(row(at, who === "admin" ? ADMIN : who === "staff" ? STAFF : filer, from, to, why, "status"));
      if (to === "Canceled" || to === "Rejected") entries[r.agency].push({ at, type: "Refund", amount: r.price, reference: id, by: who === "admin" ? ADMIN : filer, note: `VR-2026-${String(r.n).padStart(6, "0")}` });
      from = to;
    }
    entries[r.agency].push({ at: r.filed, type: "Order", amount: r.price, reference: id, by: filer, note: null });
  }
  // Deposits that keep the documented balances: opening balance (accounts.mjs) + deposit − orders + refunds = opening.
  const opening = { sunrise: 250_000, tigris: 75_000 };
  for (const name of ["sunrise", "tigris"]) {
    const rows = ledger[name].sort((a, b) => a.at.localeCompare(b.at));
    const net = rows.reduce((sum, t) => sum + (t.type === "Refund" ? -t.amount : t.amount), 0);
    let balance = opening[name] + net;
    out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
      VALUES (${fixed("8", ++tx)}, ${AGENT[name].id}, 'TopUp', 'Incoming', ${net}, ${balance}, NULL, ${"Bank transfer"}, ${ADMIN.id}, 'Admin', ${ADMIN.name}, ${day(2, 12)})`);
    for (const t of rows) {
      balance += t.type === "Refund" ? t.amount : -t.amount;
      out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
        VALUES (${fixed("8", ++tx)}, ${AGENT[name].id}, ${t.type}, ${t.type === "Refund" ? "Incoming" : "Outgoing"}, ${t.amount}, ${balance}, ${t.reference}, ${t.note},
          ${t.by.id}, ${t.by.kind}, ${t.by.name}, ${t.at})`);
    }
    if (balance !== opening[name]) throw new Error(`demo ledger of ${name} ends at ${balance}, not ${opening[name]}`);
  }
  // The later requests: their own deposit, then their orders, continuing each agency's chain after the rows above.
  let laterTx = 0;
  for (const name of ["sunrise", "tigris"]) {
    const rows = later[name].sort((a, b) => a.at.localeCompare(b.at));
    if (!rows.length) continue;
    const net = rows.reduce((sum, t) => sum + (t.type === "Refund" ? -t.amount : t.amount), 0);
    let balance = opening[name] + net;
    out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
      VALUES (${fixed("9", ++laterTx)}, ${AGENT[name].id}, 'TopUp', 'Incoming', ${net}, ${balance}, NULL, ${"Bank transfer"}, ${ADMIN.id}, 'Admin', ${ADMIN.name}, ${day(12, 8)})`);
    for (const t of rows) {
      balance += t.type === "Refund" ? t.amount : -t.amount;
      out.push(sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, note, created_by, created_by_kind, created_by_name, created_at)
        VALUES (${fixed("9", ++laterTx)}, ${AGENT[name].id}, ${t.type}, ${t.type === "Refund" ? "Incoming" : "Outgoing"}, ${t.amount}, ${balance}, ${t.reference}, ${t.note},
          ${t.by.id}, ${t.by.kind}, ${t.by.name}, ${t.at})`);
    }
    if (balance !== opening[name]) throw new Error(`demo ledger of ${name} ends at ${balance}, not ${opening[name]}`);
  }
  out.push(sql`INSERT INTO reference_counters (scope, value) VALUES ('VR-2026', ${REQUESTS.length + LATER_REQUESTS.length}) ON CONFLICT (scope) DO UPDATE SET value = MAX(value, excluded.value)`);
  return out;
}
