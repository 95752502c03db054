/**
 * /admin/audit-log (issue 29 item 2): who did what, when, from where, to which record, and each field before → after.
 * Searchable and filtered by person, record, kind, result and dates (all kept in the address, so a link shows the
 * same rows), exported as csv/xlsx/pdf with the same filters. Read-only: the log cannot be changed by anyone.
 */
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Button, Pagination, SearchInput, Select, Skeleton, Table, TextField, cellClass, headerCellClass } from "../../components/ui";
import { AUDIT_ACTOR_KIND_KEYS, AUDIT_ACTOR_KINDS, AUDIT_OUTCOME_KEYS, AUDIT_OUTCOMES, AUDIT_RECORD_KIND_KEYS, AUDIT_RECORD_KINDS, type AuditEntry, type AuditListResponse } from "../../contract/audit";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { AuditChanges as Changes, VERB } from "../../features/audit/AuditChanges";
import { ExportButton } from "../kit/ExportButton";
import { DateRangeFields } from "../kit/DateRangeFields";

const FILTERS = ["search", "actor", "actorKind", "record", "kind", "outcome", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const EMPTY: Filters = { search: "", actor: "", actorKind: "", record: "", kind: "", outcome: "", from: "", to: "" };

function filtersOfAddress(): { filters: Filters; page: number } {
  const params = new URLSearchParams(location.search);
  const filters = { ...EMPTY };
  for (const name of FILTERS) filters[name] = params.get(name) ?? "";
  const page = Number(params.get("page"));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

const queryOf = (filters: Filters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;

/** Where the record is shown, when it has a page of its own. */
function recordLink(entry: AuditEntry, locale: Locale): string | null {
  const id = entry.record._id;
  if (!id) return null;
  if (entry.record.kind === "visaRequest") return `/${locale}/admin/requests/${encodeURIComponent(id)}/`;
  if (entry.record.kind === "agent") return `/${locale}/admin/${encodeURIComponent(id)}/agent/`;
  return null;
}

function AuditLogPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [{ filters, page }, setQuery] = useState(() => (typeof location === "undefined" ? { filters: EMPTY, page: 1 } : filtersOfAddress()));
  const [state, setState] = useState<{ status: "loading" } | { status: "error" } | { status: "ready"; data: AuditListResponse & { currency?: string } }>({ status: "loading" });
  const limit = 20;

  const load = useCallback(async () => {
    try {
      const data = await api.get<AuditListResponse & { currency?: string }>("admin/audit-log", { query: { ...queryOf(filters), page, limit } });
      setState({ status: "ready", data });
    } catch {
      setState({ status: "error" });
    }
  }, [filters, page]);

  useEffect(() => {
    void load();
    const params = new URLSearchParams(queryOf(filters));
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    history.replaceState(history.state, "", text ? `?${text}` : location.pathname);
  }, [load, filters, page]);

  const set = (name: keyof Filters) => (v: string) => setQuery({ filters: { ...filters, [name]: v }, page: 1 });
  const options = (values: readonly string[], keys: Record<string, string>) => [{ value: "", label: t("audit.filter.any") }, ...values.map((v) => ({ value: v, label: t(keys[v]!) }))];
  const currency = state.status === "ready" ? state.data.currency ?? "USD" : "USD";
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "medium" });

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
            <Button size="sm" variant="ghost" onClick={() => set("actor")("")} data-testid="audit-actor-clear">{t("audit.filter.clearPerson")}</Button>
          ) : <span />}
          <ExportButton endpoint={(format) => `admin/audit-log/export/${format}`} params={() => ({ ...queryOf(filters), lang: locale })} fileName="audit-log" testId="audit-export" />
        </div>
      </div>
      {state.status === "loading" && <Skeleton className="h-64" />}
      {state.status === "error" && <Alert action={<Button size="sm" onClick={() => void load()}>{t("kit.retry")}</Button>}>{t("audit.loadFailed")}</Alert>}
      {state.status === "ready" && state.data.data.length === 0 && <p className="card p-6 muted" data-testid="audit-empty">{t("audit.empty")}</p>}
      {state.status === "ready" && state.data.data.length > 0 && (
        <div className="card p-0">
          <Table caption={t("audit.caption")} testId="audit-table">
            <thead>
              <tr>
                {["audit.column.at", "audit.column.actor", "audit.column.call", "audit.column.record", "audit.column.changes", "audit.column.outcome", "audit.column.from"].map((key) => (
                  <th key={key} scope="col" className={`${headerCellClass} text-start`}>{t(key)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.data.data.map((entry) => {
                const link = recordLink(entry, locale);
                const label = entry.record.label ?? entry.record._id ?? "";
                return (
                  <tr key={entry._id} data-testid="audit-row" data-call={entry.call} data-outcome={entry.outcome}>
                    <td className={`${cellClass} whitespace-nowrap align-top`}><time dateTime={entry.at}>{when(entry.at)}</time></td>
                    <td className={`${cellClass} align-top`}>
                      <button type="button" className="font-semibold text-primary-800 hover:underline dark:text-primary-200" onClick={() => set("actor")(entry.actor._id)} title={t("audit.filter.byPerson")}>
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
            <Pagination page={page} limit={limit} total={state.data.total} onPage={(p) => setQuery({ filters, page: p })} />
          </div>
        </div>
      )}
    </div>
  );
}

export default withI18n(AuditLogPage);
