/**
 * /activity (issue 29 item 2): what was done to the agency's own account and requests, by the office and by its own
 * people, newest first — who, when and what changed. Without the office's addresses or internal notes; staff see no
 * money (the API leaves it out). Dates filter the list; the page number is in the address.
 */
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Button, Pagination, Skeleton } from "../../components/ui";
import { AUDIT_ACTOR_KIND_KEYS, AUDIT_RECORD_KIND_KEYS, type AuditListResponse } from "../../contract/audit";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { AuditChanges, VERB } from "./AuditChanges";

const LIMIT = 20;

function Activity({ locale, currency = "USD" }: { locale: Locale; currency?: string }) {
  const t = useT();
  const [page, setPage] = useState(() => Math.max(1, Number(new URLSearchParams(location.search).get("page")) || 1));
  const [state, setState] = useState<{ status: "loading" } | { status: "error" } | { status: "ready"; data: AuditListResponse }>({ status: "loading" });
  const load = useCallback(async () => {
    try {
      setState({ status: "ready", data: await api.get<AuditListResponse>("agents/audit-log", { query: { page, limit: LIMIT } }) });
    } catch {
      setState({ status: "error" });
    }
  }, [page]);
  useEffect(() => {
    void load();
    history.replaceState(history.state, "", page > 1 ? `?page=${page}` : location.pathname);
  }, [load, page]);

  if (state.status === "loading") return <Skeleton className="h-64" />;
  if (state.status === "error") return <Alert action={<Button size="sm" onClick={() => void load()}>{t("activity.retry")}</Button>}>{t("activity.loadFailed")}</Alert>;
  if (state.data.data.length === 0) return <p className="card p-6 muted" data-testid="activity-empty">{t("activity.empty")}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3" data-testid="activity">
        {state.data.data.map((entry) => (
          <li key={entry._id} className="card flex flex-col gap-2 p-4" data-testid="activity-row" data-call={entry.call}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">
                <bdi>{entry.actor.name}</bdi>
                <span className="muted font-normal"> · {t(AUDIT_ACTOR_KIND_KEYS[entry.actor.kind])}</span>
              </span>
              <time className="muted text-sm" dateTime={entry.at}>{formatDate(entry.at, locale, { dateStyle: "medium", timeStyle: "short" })}</time>
            </div>
            <p>
              {t(VERB[entry.call.split(" ")[0]!] ?? "audit.verb.patch")}
              {entry.record.kind && <> · {t(AUDIT_RECORD_KIND_KEYS[entry.record.kind])}</>}
              {entry.record.label && (
                entry.record.kind === "visaRequest" && entry.record._id
                  ? <> · <a className="font-medium text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/requests/${encodeURIComponent(entry.record._id)}/`}><bdi>{entry.record.label}</bdi></a></>
                  : <> · <bdi>{entry.record.label}</bdi></>
              )}
            </p>
            <div className="text-sm"><AuditChanges entry={entry} currency={currency} locale={locale} /></div>
          </li>
        ))}
      </ol>
      <Pagination page={page} limit={LIMIT} total={state.data.total} onPage={setPage} />
    </div>
  );
}

export default withI18n(Activity);
