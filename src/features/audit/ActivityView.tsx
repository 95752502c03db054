/**
 * /activity as it looks (issue 29 item 2), from props only: the edge draws it in the reader's time zone
 * (functions/edge/views/account.tsx; issue 32: the island hydrated at once and blocked a phone's main thread for
 * 100-300 ms), and the island (Activity.tsx) takes it over when the agency reaches for a control.
 */
// Not the ui barrel: the edge draws this view, and the barrel brings the dialogs and their browser-only parts.
import { Button } from "../../components/ui/Button";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import { Pagination } from "../../components/ui/Pagination";
import { AUDIT_ACTOR_KIND_KEYS, AUDIT_RECORD_KIND_KEYS, type AuditListResponse } from "../../contract/audit";
import { useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { AuditChanges, VERB } from "./AuditChanges";

export const ACTIVITY_LIMIT = 20;

export type ActivityState = { status: "loading" } | { status: "error" } | { status: "ready"; data: AuditListResponse };

/** The page the address asks for (1 for none or nonsense). */
export const activityPageOf = (search: string) => Math.max(1, Math.floor(Number(new URLSearchParams(search).get("page"))) || 1);

/** The call that reads one page of the agency's activity (the island's and the edge's). */
export const activityCall = (page: number) => `agents/audit-log?page=${page}&limit=${ACTIVITY_LIMIT}`;

const noop = () => {};

export function ActivityView({ locale, timeZone, currency = "USD", page, state, onPage = noop, onRetry = noop }: {
  locale: Locale; timeZone?: string; currency?: string; page: number; state: ActivityState; onPage?: (page: number) => void; onRetry?: () => void;
}) {
  const t = useT();
  if (state.status === "loading") return <Skeleton className="h-64" />;
  if (state.status === "error") return <Alert action={<Button size="sm" onClick={onRetry}>{t("activity.retry")}</Button>}>{t("activity.loadFailed")}</Alert>;
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
              <time className="muted text-sm" dateTime={entry.at}>{formatDate(entry.at, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) })}</time>
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
      <Pagination page={page} limit={ACTIVITY_LIMIT} total={state.data.total} onPage={onPage} />
    </div>
  );
}
