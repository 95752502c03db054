/**
 * The agency's history on its admin page (GET agents/history/{id}): ten entries at a time, drawn by AgentHistoryView.
 * `version` changes after each change made on the page, so the list reloads.
 */
import { useCallback, useEffect, useState } from "react";
import type { AgentHistoryEntry } from "../../contract/agents";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { HISTORY_PAGE, historyPath, historyQuery } from "./agent-detail";
import { AgentHistoryView } from "./AgentHistoryView";

export function AgentHistory({ agentId, currency, locale, version }: { agentId: string; currency: string; locale: Locale; version: number }) {
  const [entries, setEntries] = useState<AgentHistoryEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (page: number) => {
    setLoading(true);
    try {
      const answer = await api.get<ListResponse<AgentHistoryEntry>>(historyPath(encodeURIComponent(agentId)), { query: historyQuery(page) });
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
    <AgentHistoryView
      entries={entries}
      total={total}
      locale={locale}
      currency={currency}
      loading={loading}
      onMore={() => entries && void load(Math.floor(entries.length / HISTORY_PAGE) + 1)}
    />
  );
}
