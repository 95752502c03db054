/**
 * The audit log as it looks (issue 29 item 2), from props only: the filters, the export, the rows (who, when, the
 * call, the record, each field before → after, the result, from where) and the pager. The island (AuditLogPage.tsx)
 * gives it its state and handlers; the edge draws it from the address's filters and page with none
 * (src/admin/edge-pages.ts; issue 32: hydrated at load, it blocked a phone's main thread up to 522 ms), and the island
 * takes the view over when the admin reaches for a control (a press made before is made again on it).
 */
import type { ReactNode } from "react";
import { AUDIT_ACTOR_KIND_KEYS, AUDIT_ACTOR_KINDS, AUDIT_OUTCOME_KEYS, AUDIT_OUTCOMES, AUDIT_RECORD_KIND_KEYS, AUDIT_RECORD_KINDS, type AuditEntry, type AuditListResponse } from "../../contract/audit";
import { Button } from "../../components/ui/Button";
import { Select, TextField } from "../../components/ui/Field";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import { Pagination } from "../../components/ui/Pagination";
import { SearchInput } from "../../components/ui/SearchInput";
import { Table, cellClass, headerCellClass } from "../../components/ui/Table";
import { AuditChanges as Changes, VERB } from "../../features/audit/AuditChanges";
import { useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { DateRangeFields } from "../kit/DateRangeFields";
import { ExportButtons } from "../kit/ExportButtons";
import { AUDIT_LIMIT, auditSearchOf, type AuditFilters, type AuditQuery } from "./audit-query";

export type AuditState = { status: "loading" } | { status: "error" } | { status: "ready"; data: AuditListResponse & { currency?: string } };

export interface AuditActions {
  set(name: keyof AuditFilters, value: string): void;
  page(page: number): void;
  retry(): void;
}

const idle = () => {};
/** A drawn view's controls do nothing by themselves: the island, which the reach brings, does. */
const NO_ACTIONS: AuditActions = { set: idle, page: idle, retry: idle };

const COLUMNS = ["audit.column.at", "audit.column.actor", "audit.column.call", "audit.column.record", "audit.column.changes", "audit.column.outcome", "audit.column.from"];

/** Where the record is shown, when it has a page of its own. */
function recordLink(entry: AuditEntry, locale: Locale): string | null {
  const id = entry.record._id;
  if (!id) return null;
  if (entry.record.kind === "visaRequest") return `/${locale}/admin/requests/${encodeURIComponent(id)}/`;
  if (entry.record.kind === "agent") return `/${locale}/admin/${encodeURIComponent(id)}/agent/`;
  return null;
}

export function AuditLogView({ locale, timeZone, query, state, actions = NO_ACTIONS, exports }: {
  locale: Locale; timeZone?: string; query: AuditQuery; state: AuditState; actions?: AuditActions;
  /** The island's working export (the drawn view shows the same buttons, which bring it). */
  exports?: ReactNode;
}) {
  const t = useT();
  const { filters, page } = query;
  const set = (name: keyof AuditFilters) => (value: string) => actions.set(name, value);
  const options = (values: readonly string[], keys: Record<string, string>) => [{ value: "", label: t("audit.filter.any") }, ...values.map((v) => ({ value: v, label: t(keys[v]!) }))];
  const currency = state.status === "ready" ? state.data.currency ?? "USD" : "USD";
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "medium", ...(timeZone ? { timeZone } : {}) });

  return (
    <div className="flex flex-col gap-4" data-testid="audit-log">
      <p className="muted text-sm">{t("audit.intro")}</p>
      <div className="card flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-end gap-3">
          <SearchInput value={filters.search} onValue={set("search")} label={t("audit.search")} testId="audit-search" />
          <Select label={t("audit.filter.kind")} value={filters.kind} onValue={set("kind")} options={options(AUDIT_RECORD_KINDS, AUDIT_RECORD_KIND_KEYS)} testId="audit-kind" />
          <Select label={t("audit.filter.actorKind")} value={filters.actorKind} onValue={set("actorKind")} options={options(AUDIT_ACTOR_KINDS, AUDIT_ACTOR_KIND_KEYS)} testId="audit-actor-kind" />
          <Select label={t("audit.filter.outcome")} value={filters.outcome} onValue={set("outcome")} options={options(AUDIT_OUTCOMES, AUDIT_OUTCOME_KEYS)} testId="audit-outcome" />
          <TextField label={t("audit.filter.record")} value={filters.record} onValue={set("record")} testId="audit-record" dir="ltr" />
          <DateRangeFields start={filters.from} end={filters.to} onStart={set("from")} onEnd={set("to")} testId="audit-dates" />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {filters.actor ? (
            <Button size="sm" variant="ghost" onClick={() => actions.set("actor", "")} data-testid="audit-actor-clear">{t("audit.filter.clearPerson")}</Button>
          ) : <span />}
          {exports ?? <ExportButtons testId="audit-export" />}
        </div>
      </div>
      {/* aria-busy: an island that is still loading never takes a drawn log's place (src/lib/edge-view-mount.tsx). */}
      {state.status === "loading" && <div aria-busy="true"><Skeleton className="h-64" /></div>}
      {state.status === "error" && <Alert action={<Button size="sm" onClick={actions.retry}>{t("kit.retry")}</Button>}>{t("audit.loadFailed")}</Alert>}
      {state.status === "ready" && state.data.data.length === 0 && <p className="card p-6 muted" data-testid="audit-empty">{t("audit.empty")}</p>}
      {state.status === "ready" && state.data.data.length > 0 && (
        <div className="card p-0">
          <Table caption={t("audit.caption")} testId="audit-table">
            <thead>
              <tr>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className={`${headerCellClass} text-start`}>{t(key)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.data.data.map((entry) => {
                const link = recordLink(entry, locale);
                const label = entry.record.label ?? entry.record._id ?? "";
                return (
                  <tr key={entry._id} data-testid="audit-row" data-id={entry._id} data-call={entry.call} data-outcome={entry.outcome}>
                    <td className={`${cellClass} whitespace-nowrap align-top`}><time dateTime={entry.at}>{when(entry.at)}</time></td>
                    <td className={`${cellClass} align-top`}>
                      <button type="button" className="font-semibold text-primary-800 hover:underline dark:text-primary-200" onClick={() => actions.set("actor", entry.actor._id)} title={t("audit.filter.byPerson")} data-testid="audit-actor">
                        <bdi>{entry.actor.name}</bdi>
                      </button>
                      <div className="muted text-xs">{t(AUDIT_ACTOR_KIND_KEYS[entry.actor.kind])}</div>
                    </td>
                    <td className={`${cellClass} align-top`}>
                      <div>{t(VERB[entry.call.split(" ")[0]!] ?? "audit.verb.patch")}</div>
                      <div className="muted text-xs" dir="ltr" data-latin=""><code>{entry.call}</code></div>
                    </td>
                    <td className={`${cellClass} align-top`}>
                      {entry.record.kind && <div className="muted text-xs">{t(AUDIT_RECORD_KIND_KEYS[entry.record.kind])}</div>}
                      {label && (link ? <a className="font-medium hover:underline" href={link}><bdi data-latin="">{label}</bdi></a> : <bdi data-latin="">{label}</bdi>)}
                    </td>
                    <td className={`${cellClass} align-top max-w-md`}><Changes entry={entry} currency={currency} locale={locale} /></td>
                    <td className={`${cellClass} align-top whitespace-nowrap`}>
                      <span className={entry.outcome === "refused" ? "font-semibold text-red-700 dark:text-red-300" : ""}>{t(AUDIT_OUTCOME_KEYS[entry.outcome])}</span>
                    </td>
                    <td className={`${cellClass} align-top text-xs`} dir="ltr" data-latin="">
                      <div>{entry.ip}</div>
                      <div className="muted max-w-48 truncate" title={entry.userAgent ?? ""}>{entry.userAgent}</div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <div className="p-3">
            <Pagination page={page} limit={AUDIT_LIMIT} total={state.data.total} onPage={actions.page} href={(target) => auditSearchOf({ filters, page: target })} />
          </div>
        </div>
      )}
    </div>
  );
}
