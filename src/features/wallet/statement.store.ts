/**
 * The agent's statement (transactions/findAllByAgent): the list store of the admin kit (paging, filters, sort), the
 * agency's balance that comes with each answer, and the balance series of the chart (the newest 100 rows of the
 * same dates, each row's `balanceAfter` being the running balance right after it).
 */
import { atom } from "nanostores";
import type { CreditState } from "../../contract/credit";
import type { Transaction, TransactionListResponse } from "../../contract/transactions";
import { api } from "../../lib/api";
import type { ListQuery } from "../../admin/kit/list-query";
import { createResourceStore, type HttpLike, type ResourceEndpoints } from "../../admin/kit/resource.store";
import { AGENT_LEDGER, balanceSeries, ledgerQuery, seriesParams, type SeriesState } from "./ledger";

// The chart's size and state are the ledger's (pure: the edge draws them too).
export { CHART_ROWS, type SeriesState } from "./ledger";

const none = () => {
  throw new Error("The ledger is read-only here");
};

export function ledgerEndpoints(list: string): ResourceEndpoints {
  return { list, one: none, create: list, update: none, remove: none };
}

export interface StatementOptions {
  http?: HttpLike;
  /** transactions/findAllByAgent (the agent) or transactions/findAllByAdmin (the admin's ledger). */
  list?: string;
  limit?: number;
  /** The first query (from the page's address); default: the newest rows, unfiltered, `limit` a page. */
  query?: ListQuery;
}

export function createStatementStore(options: StatementOptions = {}) {
  const http = options.http ?? api;
  const list = options.list ?? AGENT_LEDGER;
  /** The balance and currency of the last answer (the balance only when it is one agency's ledger; totals: admins). */
  const $summary = atom<{ balance?: number; currency: string; credit?: CreditState; totals?: TransactionListResponse["totals"] } | null>(null);
  const $series = atom<SeriesState>({ status: "loading" });

  // Like the list itself, only the newest answer counts: an older, slower one (before a filter) must not win.
  let listCalls = 0;
  const reading: HttpLike = {
    ...http,
    get: async <T,>(url: string, request?: Parameters<HttpLike["get"]>[1]) => {
      const mine = url === list ? ++listCalls : 0;
      const answer = await http.get<T>(url, request);
      if (url === list && mine === listCalls) {
        const { balance, currency, credit, totals } = answer as unknown as TransactionListResponse;
        $summary.set({ ...(balance === undefined ? {} : { balance }), currency, ...(credit ? { credit } : {}), ...(totals ? { totals } : {}) });
      }
      return answer;
    },
  };

  const store = createResourceStore<Transaction>({
    endpoints: ledgerEndpoints(list),
    http: reading,
    query: options.query ?? ledgerQuery(options.limit),
  });

  let generation = 0;
  /** The chart's points for the dates the list is filtered by (types are not filtered: a balance is all of them). */
  async function loadSeries(): Promise<void> {
    const mine = ++generation;
    const { from, to } = store.$query.get().filters;
    const query = seriesParams(from, to);
    if ($series.get().status !== "ready") $series.set({ status: "loading" });
    try {
      const answer = await http.get<TransactionListResponse>(list, { query });
      if (mine === generation) $series.set({ status: "ready", points: balanceSeries(answer.data) });
    } catch {
      if (mine === generation) $series.set({ status: "error" });
    }
  }

  return Object.assign(store, { $summary, $series, loadSeries });
}

export type StatementStore = ReturnType<typeof createStatementStore>;
