/**
 * The audit log (issue 29 item 2). One row per write call a signed-in person makes (every office call, refused ones
 * too; the agency's calls that did something) and per sign-in as admin: who, when, from where, which call, which
 * record, and each changed field before → after.
 *
 * Why at the API's edge and not in each service: a row must exist for every write route, including the ones added
 * next year. api/audit.ts runs around every call; this module says, per route, which record the call touches
 * (AUDITED_ROUTES), reads that record before and after the call, and writes the difference. A route missing from the
 * table still gets its row (the call, the outcome), and tests/worker/audit-log.test.ts enumerates the app's routes so
 * a new admin route without an entry here fails the build. The row is written after the call's own batch: the log
 * records what happened, it never blocks it (a failure to write is logged, and the call's answer stands).
 */
import { AUDIT_ACTOR_KIND_KEYS, AUDIT_OUTCOME_KEYS, AUDIT_RECORD_KIND_KEYS, type AuditActorKind, type AuditEntry, type AuditListQuery, type AuditRecordKind } from "../../src/contract/audit";
import type { ExportFormat } from "../../src/contract/requests";
import type { Locale } from "../../src/shared/locales";
import { auditSpec, insertAuditRow, recordRow, type AuditFilters, type AuditRow } from "../db/audit-log";
import { nowIso, uuidv7 } from "../db/ids";
import { pagedList, mapPage } from "../db/paged";
import { translate } from "../i18n";
import type { Principal } from "./accounts";
import { exportList, type ExportColumn } from "./exports";
import { dayRange } from "./ledger";

interface Target {
  kind: AuditRecordKind;
  table: string;
  /** Where the record's id is: a route parameter, "self" (the caller's own account), or absent: the answer's `_id` (a create). */
  param?: string;
}
const on = (kind: AuditRecordKind, table: string, param?: string): Target => ({ kind, table, ...(param ? { param } : {}) });

const COUNTRY = on("country", "countries", "id");
const REQUIREMENT = on("requirement", "visa_requirements", "id");
const VISA = on("visa", "visas", "id");
const GROUP = on("group", "groups", "id");
const GROUP_PRICE = on("groupPrice", "group_prices", "id");
const THEME = on("theme", "themes", "id");
const SERVICE = on("translationService", "translation_services", "id");
const LANGUAGE = on("translationLanguage", "translation_languages", "id");
const NEWS = on("news", "news", "id");
const EVENT = on("event", "events", "id");
const AGENT = on("agent", "agents", "id");
const USER = on("user", "users", "id");
const REQUEST = on("visaRequest", "visa_requests", "id");
const ORDER = on("translationOrder", "translation_orders", "id");
const GROUP_FILING = on("requestGroup", "request_groups", "id");
const TOP_UP = on("topUpRequest", "top_up_requests", "id");
const created = (target: Target): Target => ({ kind: target.kind, table: target.table });

/**
 * Every write route and the record it changes (null: the call changes no record of its own — a push test, a file
 * staged before filing). Keys are the app's route patterns.
 */
export const AUDITED_ROUTES: Record<string, Target | null> = {
  "/api/countries": created(COUNTRY), "/api/countries/:id": COUNTRY,
  "/api/visa-requirements": created(REQUIREMENT), "/api/visa-requirements/:id": REQUIREMENT,
  "/api/visa": created(VISA), "/api/visa/:id": VISA, "/api/visa/image/:id": VISA, "/api/visa/uploadContentImage/:id": VISA,
  "/api/visa/set-hide-from-group/:id": VISA,
  "/api/groups": created(GROUP), "/api/groups/:id": GROUP,
  "/api/group-price": created(GROUP_PRICE), "/api/group-price/:id": GROUP_PRICE,
  "/api/theme/:id": THEME, "/api/theme/:id/:x": THEME,
  "/api/translation-service": created(SERVICE), "/api/translation-service/:id": SERVICE,
  "/api/translation-language": created(LANGUAGE), "/api/translation-language/:id": LANGUAGE,
  "/api/news-feed": created(NEWS), "/api/news-feed/:id": NEWS,
  "/api/events": created(EVENT), "/api/events/:id": EVENT,
  "/api/agents/create": created(AGENT), "/api/agents/editByAdmin/:id": AGENT, "/api/agents/update-group/:a/:b": on("agent", "agents", "a"),
  "/api/agents/password-reset/:id": AGENT, "/api/agents/sign-out/:id": AGENT, "/api/transactions/update-balance/:id": AGENT,
  "/api/agents": on("agent", "agents", "self"), "/api/Users": on("user", "users", "self"),
  "/api/agents/staff": created(USER), "/api/agents/staff/invite": created(USER), "/api/agents/staff/:id": USER, "/api/agents/staff/:id/invite": USER,
  "/api/requests": created(REQUEST), "/api/requests/:id": REQUEST, "/api/requests/updateByAgent/:id": REQUEST, "/api/requests/reupload/:id": REQUEST,
  "/api/requests/upload-document/:id": REQUEST, "/api/requests/remove-document/:id/:docId": REQUEST, "/api/requests/:id/share": REQUEST,
  "/api/requests/:id/messages": REQUEST, "/api/requests/:id/messages/:messageId": REQUEST,
  "/api/legal-translation": created(ORDER), "/api/legal-translation/update-by-admin/:id": ORDER, "/api/legal-translation/change-request-state/:id": ORDER,
  "/api/legal-translation/request/:id": ORDER, "/api/legal-translation/:id/messages": ORDER, "/api/legal-translation/:id/messages/:messageId": ORDER,
  // Issue 28: a group filing and its cancel; the office's bulk moves and results name many requests (each one's own
  // history says what happened to it), so their row names no single record.
  "/api/request-groups": created(GROUP_FILING), "/api/request-groups/:id/cancel": GROUP_FILING,
  "/api/admin/requests/bulk-status": null, "/api/admin/requests/bulk-results": null,
  // Issue 30: the credit line (the agency's row), top-up requests and their decisions, the agency's receipt branding
  // (its own row); the payment instructions are settings, not a record.
  "/api/agents/:id/credit": AGENT, "/api/top-up-requests": created(TOP_UP), "/api/top-up-requests/:id": TOP_UP,
  "/api/agents/branding": on("agent", "agents", "self"), "/api/settings/payment-instructions": null,
  "/api/requests/:id/selling-price": REQUEST, "/api/legal-translation/:id/selling-price": ORDER,
  "/api/firebase/send": null, "/api/requests/send-test-notification": null, "/api/requests/upload-attachment-to-s3-by-agent": null,
  "/api/passport-reader/upload": null, "/api/test": null,
};

/**
 * Write calls that are not actions on the business: reading marks, push device tokens, the passport reader, sessions
 * (sign-in as admin is recorded by auditSignIn; the other session calls are the person's own keys). Never recorded.
 */
export const NOT_ACTIONS = new Set([
  "/api/events/toggle-seen-many", "/api/events/toggle-seen/:id", "/api/news-feed/mark-read", "/api/admin/update-fcm", "/api/agents/update-fcm",
  "/api/firebase/register-token", "/api/passport-reader/ocr", "/api/requests/:id/messages/read", "/api/legal-translation/:id/messages/read",
  "/api/auth/loginAgent", "/api/auth/loginAdmin", "/api/auth/logout", "/api/auth/refreshAgentToken", "/api/auth/refreshUserToken",
  "/api/auth/refreshAdminToken", "/api/auth/invitation", "/api/auth/accept-invitation", "/api/auth/forgot-password", "/api/auth/password-reset",
  "/api/auth/password-reset/check",
  // A template to download (POST only because it carries the visa's choices): nothing changes.
  "/api/request-groups/import-template/:format",
]);

/** Columns never copied into the log: secrets, and bookkeeping that changes with every write. */
const HIDDEN = /(password|hash|token|secret|fcm|^id$|^move_id$|^updated_at$|^created_at$|^seq$)/i;
/** Fields a staff user never sees (DESIGN §3: staff see no money). */
const MONEY = /(balance|price|amount|cost|fee|total|credit)/i;
/** Long values (a news body) are cut: the log says what changed, not a copy of every page. */
const MAX_VALUE = 1_000;

const cut = (value: unknown) => (typeof value === "string" && value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value);

/** The fields that differ between two versions of a record (either may be null: created, deleted). */
export function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (HIDDEN.test(name)) continue;
    // An empty text and no value read the same to a person: not a change.
    const was = before?.[name] === "" ? null : before?.[name] ?? null;
    const now = after?.[name] === "" ? null : after?.[name] ?? null;
    if (was !== now) changes[name] = [cut(was), cut(now)];
  }
  return changes;
}

const labelOf = (row: Record<string, unknown> | null): string | null => {
  if (!row) return null;
  for (const name of ["reference", "title_en", "name_en", "name", "email", "code"]) if (typeof row[name] === "string" && row[name]) return row[name] as string;
  return null;
};

/** The route pattern's parameters read from the path ("/api/visa/:id" + "/api/visa/abc" → { id: "abc" }). */
export function routeParams(pattern: string, path: string): Record<string, string> {
  const names = pattern.split("/");
  const values = path.split("/");
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (!name.startsWith(":") || values[i] === undefined) return;
    try {
      params[name.slice(1).replace(/\{.*$/, "")] = decodeURIComponent(values[i]!);
    } catch {
      params[name.slice(1)] = values[i]!;
    }
  });
  return params;
}

/** What a write call will touch, decided before it runs (so the "before" can be read). */
export interface AuditPlan {
  route: string;
  target: Target | null;
  /** The record's id when the call names it (absent for creates: read from the answer). */
  id: string | null;
  before: Record<string, unknown> | null;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route changes the caller's own account: its id comes from the caller's token. */
export const changesSelf = (route: string) => AUDITED_ROUTES[route]?.param === "self";

export async function planAudit(db: D1Database, route: string, path: string, selfId: string | null): Promise<AuditPlan> {
  const target = AUDITED_ROUTES[route] ?? null;
  const param = target?.param;
  const raw = param === "self" ? selfId : param ? routeParams(route, path)[param] ?? null : null;
  // An id that cannot be one is not looked up (the route answers 400 anyway).
  const id = raw && SAFE_ID.test(raw) ? raw : null;
  const before = target && id ? await recordRow(db, target.table, id) : null;
  return { route, target, id, before };
}

export interface CallFacts {
  principal: Pick<Principal, "kind" | "id" | "name" | "agentId">;
  method: string;
  path: string;
  status: number;
  callId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The answer's record id (a create) and whether it is an office-internal item (an internal message). */
  answerId: string | null;
  internal: boolean;
}

/** Writes the row of one finished call. The office's refused calls are kept (who tried what); the agency's are not. */
export async function recordCall(db: D1Database, plan: AuditPlan, call: CallFacts): Promise<void> {
  const done = call.status < 400;
  if (!done && call.principal.kind !== "Admin") return;
  const { target } = plan;
  const id = plan.id ?? (done && target && !target.param ? call.answerId : null);
  const after = done && target && id ? await recordRow(db, target.table, id) : plan.before;
  const record = after ?? plan.before;
  const agentId = target?.table === "agents" ? id : typeof record?.agent_id === "string" ? record.agent_id : call.principal.agentId ?? null;
  await insertAuditRow(db, {
    id: uuidv7(), at: nowIso(), call_id: call.callId, actor_kind: call.principal.kind, actor_id: call.principal.id, actor_name: call.principal.name ?? "",
    ip: call.ip, user_agent: call.userAgent?.slice(0, 300) ?? null, method: call.method, route: plan.route, path: call.path.slice(0, 300),
    record_kind: target?.kind ?? null, record_id: id, record_label: labelOf(record), agent_id: agentId,
    status: call.status, outcome: done ? "done" : "refused", changes: JSON.stringify(done ? changesBetween(plan.before, after) : {}), internal: call.internal ? 1 : 0,
  });
}

/** A sign-in as admin (issue 29: "sign-ins as admin" are office actions too). */
export async function auditSignIn(db: D1Database, admin: { id: string; name: string }, call: Pick<CallFacts, "callId" | "ip" | "userAgent">): Promise<void> {
  await insertAuditRow(db, {
    id: uuidv7(), at: nowIso(), call_id: call.callId, actor_kind: "Admin", actor_id: admin.id, actor_name: admin.name, ip: call.ip,
    user_agent: call.userAgent?.slice(0, 300) ?? null, method: "POST", route: "/api/auth/loginAdmin", path: "/api/auth/loginAdmin",
    record_kind: "session", record_id: null, record_label: null, agent_id: null, status: 200, outcome: "done", changes: "{}", internal: 0,
  });
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

type Viewer = "admin" | "agent" | "staff";

function entryOf(row: AuditRow, viewer: Viewer): AuditEntry {
  let changes = JSON.parse(row.changes) as AuditEntry["changes"];
  if (viewer === "staff") changes = Object.fromEntries(Object.entries(changes).filter(([name]) => !MONEY.test(name)));
  return {
    _id: row.id, at: row.at, actor: { kind: row.actor_kind as AuditEntry["actor"]["kind"], _id: row.actor_id, name: row.actor_name },
    // Where the office works from is the office's business; an agency sees its own people's addresses only.
    ...(viewer === "admin" || row.actor_kind !== "Admin" ? { ip: row.ip, userAgent: row.user_agent } : {}),
    call: `${row.method} ${row.route}`, path: row.path,
    record: { kind: row.record_kind as AuditRecordKind | null, _id: row.record_id, label: row.record_label },
    agency: row.agent_id ? { _id: row.agent_id } : null, status: row.status, outcome: row.outcome, changes,
  };
}

const filtersOf = (q: AuditListQuery): AuditFilters => ({
  actor: q.actor, actorKind: q.actorKind, record: q.record, kind: q.kind, outcome: q.outcome, from: q.from, to: q.to,
});

type Paged<Q> = Q & { page: number; limit: number };

/** The admin's page of the log; `currency` says what the money fields' minor units are. */
export async function listAuditLog(db: D1Database, currency: string, query: Paged<AuditListQuery>) {
  const spec = auditSpec(filtersOf(query), dayRange("l.at", query.from, query.to));
  return { ...mapPage(await pagedList<AuditRow>(db, spec, query), (row) => entryOf(row, "admin")), currency };
}

/** GET agents/audit-log: what was done to the agency's account and requests. Staff: no money, nothing of the balance. */
export async function listAgencyAudit(db: D1Database, principal: Principal, query: Paged<Pick<AuditListQuery, "record" | "from" | "to" | "search" | "sort" | "order">>) {
  const agentId = principal.agentId ?? principal.id;
  const viewer: Viewer = principal.kind === "User" ? "staff" : "agent";
  const spec = auditSpec({ agentId, record: query.record, from: query.from, to: query.to }, dayRange("l.at", query.from, query.to));
  if (viewer === "staff") spec.where = [...(spec.where ?? []), { sql: "l.route <> '/api/transactions/update-balance/:id'", params: [] }];
  return mapPage(await pagedList<AuditRow>(db, spec, query), (row) => entryOf(row, viewer));
}

/** "price: 2500 → 3000; title_en: A → B" — the changes as one cell of an export. */
const changesText = (changes: AuditEntry["changes"]) =>
  Object.entries(changes).map(([name, [was, now]]) => `${name}: ${was ?? "∅"} → ${now ?? "∅"}`).join("; ");

export function auditColumns(locale: Locale): ExportColumn<AuditRow>[] {
  const t = (key: string) => translate(locale, key);
  return [
    { header: "audit.column.at", kind: "date", width: 16, value: (r) => r.at },
    { header: "audit.column.actor", width: 18, value: (r) => `${r.actor_name} (${t(AUDIT_ACTOR_KIND_KEYS[r.actor_kind as AuditActorKind])})` },
    { header: "audit.column.call", width: 26, value: (r) => `${r.method} ${r.route}` },
    { header: "audit.column.record", width: 22, value: (r) => [r.record_kind ? t(AUDIT_RECORD_KIND_KEYS[r.record_kind as AuditRecordKind]) : "", r.record_label ?? r.record_id ?? ""].filter(Boolean).join(": ") },
    { header: "audit.column.outcome", width: 10, value: (r) => `${t(AUDIT_OUTCOME_KEYS[r.outcome])} (${r.status})` },
    { header: "audit.column.changes", width: 40, value: (r) => changesText(JSON.parse(r.changes) as AuditEntry["changes"]) },
    { header: "audit.column.from", width: 16, value: (r) => r.ip ?? "" },
  ];
}

export function exportAuditLog(db: D1Database, format: ExportFormat, locale: Locale, query: AuditListQuery) {
  return exportList<AuditRow>(db, {
    format, locale, title: "audit.export.title", fileBase: "audit-log", columns: auditColumns(locale),
    spec: auditSpec(filtersOf(query), dayRange("l.at", query.from, query.to)),
    query: { search: query.search, sort: query.sort, order: query.order },
  });
}
