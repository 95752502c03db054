/**
 * The events of request and money changes (DESIGN §6, §7), as statements for the change's own batch. The request
 * change recorder and the ledger call these, so every recorded change produces its event and nothing else has to.
 *
 * The texts are written in all three languages inside the batch: the request's reference, visa title, applicant and
 * agency (and the balance right after a movement) are read by the INSERT … SELECT itself, so a request filed in the
 * same batch is already there, and a guard that fails (a racing change) writes no event either. Publication happens
 * after the call, from the committed row (live-outbox.ts).
 */
import { LOCALES, type Locale } from "../../src/shared/locales";
import { uuidv7, nowIso } from "../db/ids";
import type { Sql } from "../db/paged";
import { translate } from "../i18n";
import { moneyMarker } from "../../src/shared/format";
import { outboxCurrency, publishAfterCommit } from "./live-outbox";

/** What the change recorder knows about a change (the shape of its RequestChange). */
export interface RequestEventChange {
  /** Visa request (default) or translation order: which table the event's texts are read from. */
  kind?: "visa" | "translation";
  /** One request, or the same change of many (one event each, in one statement). */
  requestId?: string;
  requestIds?: string[];
  by: { kind: string; _id: string };
  from: string | null;
  to: string;
  action: string;
  reason?: string | null;
  at?: string;
  guard?: Sql;
  /** Part of a group action: the event only moves open pages (migration 0026); the group's event is the notice. */
  quiet?: boolean;
}

/** Toast colours by the status reached (light tints: the toast keeps dark text). Spec §9's default is white. */
const STATUS_COLOURS: Record<string, string> = {
  Approved: "#dcfce7", Rejected: "#fee2e2", DocumentNeeded: "#ffedd5", CorrectionNeeded: "#ffedd5", Canceled: "#f5f5f4",
  InProcess: "#dbeafe", Paid: "#dbeafe", Modified: "#dbeafe", Requested: "#ffffff",
};

interface Plan {
  audience: "agency" | "admins";
  type: "request.created" | "request.updated" | "document.uploaded";
  title: string;
  body: string;
}

/** Title and body keys per kind: an order names its service where a request names its visa and applicant. */
const TEXTS = {
  visa: {
    filed: "events.request.filed", status: "events.request.status", corrected: "events.request.corrected", result: "events.request.result",
    note: "events.request.status", agencyBody: "events.request.agencyBody", ownBody: "events.request.applicantBody", reasonBody: "events.request.reasonBody",
  },
  translation: {
    filed: "events.order.filed", status: "events.order.status", corrected: "events.order.corrected", result: "events.order.result",
    note: "events.order.note", agencyBody: "events.order.agencyBody", ownBody: "events.order.serviceBody", reasonBody: "events.order.reasonBody",
  },
} as const;

function planOf(change: RequestEventChange): Plan | null {
  const byAgency = change.by.kind !== "Admin";
  const k = TEXTS[change.kind ?? "visa"];
  switch (change.action) {
    case "filed":
      return { audience: "admins", type: "request.created", title: k.filed, body: k.agencyBody };
    case "status":
      return {
        audience: byAgency ? "admins" : "agency", type: "request.updated", title: k.status,
        body: change.reason ? k.reasonBody : byAgency ? k.agencyBody : k.ownBody,
      };
    case "documents":
    case "fields":
      return { audience: "admins", type: "document.uploaded", title: k.corrected, body: k.agencyBody };
    case "result":
      return { audience: "agency", type: "document.uploaded", title: k.result, body: k.ownBody };
    // An office note on an order (no move, no file) is for the agency to read; visa requests have no such change.
    case "note":
      return change.kind === "translation" && !byAgency ? { audience: "agency", type: "request.updated", title: k.note, body: k.reasonBody } : null;
    default:
      return null;
  }
}

/** `replace(?, '@@name@@', expr)` nested for each marker: the template is bound, the values come from the row. */
function filled(markers: Record<string, string>): string {
  return Object.entries(markers).reduce((sql, [name, expr]) => `replace(${sql}, '@@${name}@@', ${expr})`, "?");
}

const STATUS_KEY = (change: RequestEventChange) => `${change.kind === "translation" ? "translation" : "requests"}.status.${change.to}`;

/**
 * Where each kind's texts and links come from: the row's table, its columns per language, and the key its id travels
 * under in the event's value (`requestId` or `orderId`: the page that shows it follows that record, the bell opens it).
 */
const SOURCES = {
  visa: {
    from: "visa_requests r", idKey: "requestId",
    cols: (l: Locale) => ({ ref: "r.reference", visa: `r.visa_title_${l}`, applicant: "r.applicant_name", agency: "a.name" }),
  },
  translation: {
    from: "translation_orders r", idKey: "orderId",
    cols: (l: Locale) => ({ ref: "r.reference", service: `r.service_name_${l}`, agency: "a.name" }),
  },
} as const;

/** The requests a change is about: its one request or its list. */
export const changedIds = (change: Pick<RequestEventChange, "requestId" | "requestIds">): string[] =>
  change.requestIds ?? (change.requestId ? [change.requestId] : []);

/** The event statement of a request change, one event per request changed (none for changes nobody needs to hear about). */
export function requestEventStatements(db: D1Database, change: RequestEventChange): D1PreparedStatement[] {
  const plan = planOf(change);
  if (!plan) return [];
  const events = changedIds(change).map((requestId) => ({ id: uuidv7(), requestId }));
  const at = change.at ?? nowIso();
  const source = SOURCES[change.kind ?? "visa"];
  const vars = (l: Locale) => ({
    reference: "@@ref@@", visa: "@@visa@@", applicant: "@@applicant@@", service: "@@service@@", agency: "@@agency@@", reason: change.reason ?? "",
    status: translate(l, STATUS_KEY(change)),
  });
  const titles = LOCALES.map((l) => translate(l, plan.title, vars(l)));
  const bodies = LOCALES.map((l) => translate(l, plan.body, vars(l)));
  const guard = change.guard ? ` AND ${change.guard.sql}` : "";
  events.forEach((e) => publishAfterCommit(e.id));
  return [
    db
      .prepare(
        `INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at, quiet)
         SELECT j.value ->> 'id', ?, ${plan.audience === "agency" ? "r.agent_id" : "NULL"}, ?, ${LOCALES.map((l) => filled(source.cols(l))).join(", ")}, ${LOCALES.map((l) => filled(source.cols(l))).join(", ")},
           json_object('${source.idKey}', r.id, 'reference', r.reference, 'status', ?, 'from', ?, 'agentId', r.agent_id, 'eventId', j.value ->> 'id'), ?, 0, ?, ?, ?, ${change.quiet ? 1 : 0}
         FROM json_each(?) j JOIN ${source.from} ON r.id = j.value ->> 'requestId' JOIN agents a ON a.id = r.agent_id WHERE 1${guard} ORDER BY j.key`,
      )
      .bind(
        plan.audience, plan.type, ...titles, ...bodies, change.to, change.from, STATUS_COLOURS[change.to] ?? "#ffffff", change.by._id, at, at,
        JSON.stringify(events), ...(change.guard?.params ?? []),
      ),
  ];
}

/** A notice about a whole group (issue 28 item 2): one per group action, in place of one per traveller. */
export interface GroupNotice {
  groupId: string;
  /** Who hears: the agency of an office action, the office of the agency's. */
  audience: "agency" | "admins";
  type: "request.created" | "request.updated";
  /** The status the travellers reached (its name goes in the title as {{status}}). */
  to: string;
  title: { key: string; vars: Record<string, number> };
  /** Parts of the body, joined with " · ". */
  body: { key: string; vars?: Record<string, string | number> }[];
  by: { _id: string };
  at?: string;
}

/**
 * The event of a group action: its texts in the three languages with the group's reference, visa and agency read by
 * the INSERT … SELECT itself (a group filed in the same batch is already there); it leads to the group (value.groupId)
 * and moves the pages that show requests.
 */
export function groupNoticeStatements(db: D1Database, notice: GroupNotice): D1PreparedStatement[] {
  const id = uuidv7();
  const at = notice.at ?? nowIso();
  const markers = { reference: "@@ref@@", visa: "@@visa@@", agency: "@@agency@@" };
  const titles = LOCALES.map((l) => translate(l, notice.title.key, { ...notice.title.vars, ...markers, status: translate(l, `requests.status.${notice.to}`) }));
  const bodies = LOCALES.map((l) => notice.body.map((part) => translate(l, part.key, { ...part.vars, ...markers })).join(" · "));
  const cols = (l: Locale) => filled({ ref: "g.reference", visa: `v.title_${l}`, agency: "a.name" });
  publishAfterCommit(id);
  return [
    db
      .prepare(
        `INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
         SELECT ?, ?, ${notice.audience === "agency" ? "g.agent_id" : "NULL"}, ?, ${LOCALES.map(cols).join(", ")}, ${LOCALES.map(cols).join(", ")},
           json_object('groupId', g.id, 'reference', g.reference, 'status', ?, 'agentId', g.agent_id, 'eventId', ?), ?, 0, ?, ?, ?
         FROM request_groups g JOIN agents a ON a.id = g.agent_id JOIN visas v ON v.id = g.visa_id WHERE g.id = ?`,
      )
      .bind(id, notice.audience, notice.type, ...titles, ...bodies, notice.to, id, STATUS_COLOURS[notice.to] ?? "#ffffff", notice.by._id, at, at, notice.groupId),
  ];
}

const MONEY_TITLES: Record<string, string> = {
  TopUp: "events.balance.topUp", Withdrawal: "events.balance.withdrawal", Refund: "events.balance.refund",
};

export interface MovementEvent {
  type: string;
  agentId: string;
  amount: number;
  note?: string | null;
  by: { _id: string };
  at?: string;
  guard?: Sql;
}

/**
 * The balance event of a ledger movement (top-up, withdrawal, refund; an order is the agency's own doing): for the
 * agency's owner only (staff never see money), with the balance right after the movement, read in the same batch.
 * Must follow the movement's statements in the batch.
 */
export function balanceEventStatements(db: D1Database, movement: MovementEvent): D1PreparedStatement[] {
  const titleKey = MONEY_TITLES[movement.type];
  if (!titleKey || movement.amount <= 0) return [];
  const id = uuidv7();
  const at = movement.at ?? nowIso();
  const currency = outboxCurrency();
  // Amounts by the reader's digit and money rule (issue 26): the movement's now; the balance after it, read in the
  // batch, as a money marker the text keeps until it is read (services/events.ts writes it in the reader's language).
  const titles = LOCALES.map((l) => translate(l, titleKey, { amount: moneyMarker(movement.amount, currency) }));
  const bodies = LOCALES.map((l) => translate(l, movement.note ? "events.balance.nowNote" : "events.balance.now", { balance: "@@balance@@", note: movement.note ?? "" }));
  const balance = `'@@money:' || a.balance || ':' || ? || '@@'`;
  const guard = movement.guard ? ` AND ${movement.guard.sql}` : "";
  publishAfterCommit(id);
  return [
    db
      .prepare(
        `INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
         SELECT ?, 'agency', a.id, 'balance.updated', ?, ?, ?, ${LOCALES.map(() => `replace(?, '@@balance@@', ${balance})`).join(", ")},
           json_object('balance', a.balance, 'currency', ?, 'movement', ?, 'amount', ?, 'eventId', ?), ?, 1, ?, ?, ?
         FROM agents a WHERE a.id = ?${guard}`,
      )
      .bind(
        id, ...titles, ...bodies.flatMap((b) => [b, currency]), currency, movement.type, movement.amount, id,
        movement.type === "Withdrawal" ? "#ffedd5" : "#dcfce7", movement.by._id, at, at, movement.agentId, ...(movement.guard?.params ?? []),
      ),
  ];
}
