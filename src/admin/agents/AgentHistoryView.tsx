/**
 * The agency's history as it looks (issue 27; drawn by the edge since issue 32): what the office changed, by whom and
 * when, newest first, with "more" while there are older entries. Props only: the edge draws it from the history's
 * first page (agents/history/{id}), the island (AgentHistory) from its own answers, with `onMore`.
 * Worker-safe imports only (the edge bundles this file).
 */
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Feedback";
import { formatDate, formatMoney, formatNumber } from "../../components/ui/format";
import { MoveRight } from "../../components/ui/icons";
import type { AgentHistoryEntry } from "../../contract/agents";
import { useT, type TFn } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import { HISTORY_FIELD_LABELS } from "./agent-fields";

const ACTION_LABELS: Record<string, string> = {
  profile: "agents.history.profile",
  enabled: "agents.history.enabled",
  disabled: "agents.history.disabled",
  group: "agents.history.group",
  "reset-link": "agents.history.resetLink",
  "signed-out": "agents.history.signedOut",
  "password-reset": "agents.history.passwordReset",
  credit: "agents.history.credit",
};

/**
 * A value as the reader reads it: a language code as the language's own name, the credit line's limit (minor units)
 * as money and its terms as a number in the page's digits, the freeze as a word; other values as they are.
 */
function shown(field: string, value: string | null, locale: Locale, currency: string, t: TFn): string {
  if (value === null || value === "") return "—";
  if (field === "locale" && (LOCALES as readonly string[]).includes(value)) return LOCALE_INFO[value as Locale].nativeName;
  if (field === "creditLimit") return formatMoney(Number(value), currency, locale);
  if (field === "creditTermsDays") return formatNumber(Number(value), locale);
  if (field === "creditFrozen") return t(String(value) === "1" ? "credit.frozen" : "credit.open");
  return value;
}

function Entry({ entry, locale, currency, timeZone, t }: { entry: AgentHistoryEntry; locale: Locale; currency: string; timeZone?: string; t: TFn }) {
  const date = formatDate(entry.createdAt, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) });
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-2 last:border-b-0" data-testid="agent-history-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <strong>{t(ACTION_LABELS[entry.action] ?? "agents.history.profile")}{entry.subject ? <> · <bdi dir="ltr">{entry.subject}</bdi></> : null}</strong>
        <span className="text-sm text-slate-600">{t("agents.history.by", { name: entry.by.name, date })}</span>
      </div>
      {entry.changes.length > 0 && (
        <ul className="text-sm">
          {entry.changes.map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-1">
              <span className="text-slate-600">{t(HISTORY_FIELD_LABELS[change.field] ?? change.field)}:</span>
              <del><bdi>{shown(change.field, change.from, locale, currency, t)}</bdi></del>
              <MoveRight aria-label={t("agents.history.to")} className="size-4 rtl:rotate-180" />
              <ins className="no-underline font-medium"><bdi>{shown(change.field, change.to, locale, currency, t)}</bdi></ins>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export interface AgentHistoryViewProps {
  /** Null while the first page loads. */
  entries: readonly AgentHistoryEntry[] | null;
  total: number;
  locale: Locale;
  /** The agency's currency (a credit limit's change is money). */
  currency: string;
  /** The reader's zone the edge drew the dates in (the browser's own when absent). */
  timeZone?: string;
  loading?: boolean;
  /** The next page (the island's; the drawn button is pressed again on the island's). */
  onMore?: () => void;
}

export function AgentHistoryView({ entries, total, locale, currency, timeZone, loading = false, onMore }: AgentHistoryViewProps) {
  const t = useT();
  return (
    <section className="card p-4" aria-labelledby="agent-history-title" aria-busy={entries === null || undefined} data-testid="agent-history">
      <h2 id="agent-history-title" className="mb-2 font-semibold">{t("agents.history.title")}</h2>
      {entries === null ? <Skeleton className="h-16" /> : entries.length === 0 ? <p>{t("agents.history.empty")}</p> : (
        <ul>{entries.map((entry) => <Entry key={entry._id} entry={entry} locale={locale} currency={currency} timeZone={timeZone} t={t} />)}</ul>
      )}
      {entries !== null && entries.length < total && (
        <Button className="mt-2" onClick={onMore} pending={loading} data-testid="agent-history-more">
          {t("agents.history.more")}
        </Button>
      )}
    </section>
  );
}
