/**
 * The agency's history on its admin page (GET agents/history/{id}): what the office changed, by whom and when,
 * newest first, ten at a time. `version` changes after each change made on the page, so the list reloads.
 */
import { MoveRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button, Skeleton, formatDate } from "../../components/ui";
import type { AgentHistoryEntry } from "../../contract/agents";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import { useT, type TFn } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import { HISTORY_FIELD_LABELS } from "./agent-fields";

const PAGE = 10;

const ACTION_LABELS: Record<string, string> = {
  profile: "agents.history.profile",
  enabled: "agents.history.enabled",
  disabled: "agents.history.disabled",
  group: "agents.history.group",
  "reset-link": "agents.history.resetLink",
  "signed-out": "agents.history.signedOut",
  "password-reset": "agents.history.passwordReset",
};

/** A language code reads as the language's own name; other values as they are. */
const shown = (field: string, value: string | null) =>
  value === null || value === "" ? "—" : field === "locale" && (LOCALES as readonly string[]).includes(value) ? LOCALE_INFO[value as Locale].nativeName : value;

function Entry({ entry, locale, t }: { entry: AgentHistoryEntry; locale: Locale; t: TFn }) {
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-2 last:border-b-0" data-testid="agent-history-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <strong>{t(ACTION_LABELS[entry.action] ?? "agents.history.profile")}{entry.subject ? <> · <bdi dir="ltr">{entry.subject}</bdi></> : null}</strong>
        <span className="text-sm text-slate-600">
          {t("agents.history.by", { name: entry.by.name, date: formatDate(entry.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
        </span>
      </div>
      {entry.changes.length > 0 && (
        <ul className="text-sm">
          {entry.changes.map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-1">
              <span className="text-slate-600">{t(HISTORY_FIELD_LABELS[change.field] ?? change.field)}:</span>
              <del><bdi>{shown(change.field, change.from)}</bdi></del>
              <MoveRight aria-label={t("agents.history.to")} className="size-4 rtl:rotate-180" />
              <ins className="no-underline font-medium"><bdi>{shown(change.field, change.to)}</bdi></ins>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AgentHistory({ agentId, locale, version }: { agentId: string; locale: Locale; version: number }) {
  const t = useT();
  const [entries, setEntries] = useState<AgentHistoryEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (page: number) => {
    setLoading(true);
    try {
      const answer = await api.get<ListResponse<AgentHistoryEntry>>(`agents/history/${encodeURIComponent(agentId)}`, { query: { page, limit: PAGE } });
      setEntries((before) => (page === 1 || !before ? answer.data : [...before, ...answer.data]));
      setTotal(answer.total);
    } catch {
      setEntries((before) => before ?? []);
    } finally {
      setLoading(false);
    }
  }, [agentId]);
  useEffect(() => void load(1), [load, version]);

  return (
    <section className="card p-4" aria-labelledby="agent-history-title" data-testid="agent-history">
      <h2 id="agent-history-title" className="mb-2 font-semibold">{t("agents.history.title")}</h2>
      {entries === null ? <Skeleton className="h-16" /> : entries.length === 0 ? <p>{t("agents.history.empty")}</p> : (
        <ul>{entries.map((entry) => <Entry key={entry._id} entry={entry} locale={locale} t={t} />)}</ul>
      )}
      {entries !== null && entries.length < total && (
        <Button className="mt-2" onClick={() => void load(Math.floor(entries.length / PAGE) + 1)} pending={loading} data-testid="agent-history-more">
          {t("agents.history.more")}
        </Button>
      )}
    </section>
  );
}
