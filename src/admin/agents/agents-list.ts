/**
 * /admin/agents-list's list, apart from its components: the query the page's address asks for and the calls that
 * answer it. The island (AgentsListPage) and the edge (src/admin/edge-pages.ts; issue 32) read the address by these
 * same rules, so the island's first call is the list the edge drew.
 */
import type { FilterDef } from "../kit/resource";
import { DEFAULT_LIST_QUERY, queryParams, type ListQuery } from "../kit/list-query";
import { addressListQuery } from "../address-filters";
import { callPath } from "../../shared/call-path";

export const AGENTS_LIST = "agents/listAgents";
/** The groups the group filter offers (the island's picker and the edge's drawn one read the same call). */
export const GROUPS_CALL = "groups";
export const GROUPS_QUERY = { limit: 100 } as const;

export const agentPath = (locale: string, id: string) => `/${locale}/admin/${encodeURIComponent(id)}/agent/`;

/** The state filter maps onto the API's enabled/pending flags. */
export const STATE_FILTER = { name: "state", label: "agents.columns.status", options: { fixed: [
  { value: "enabled", label: "agents.enabled" }, { value: "disabled", label: "agents.disabled" }, { value: "pending", label: "agents.pending" },
] } } as const satisfies FilterDef;

/** Enabled agencies under their group's low-balance threshold (the same rule as the dashboard's count). */
export const LOW_BALANCE_FILTER = { name: "lowBalance", label: "agents.lowBalanceFilter", options: { fixed: [
  { value: "true", label: "agents.lowBalanceOnly" }, { value: "false", label: "agents.lowBalanceNot" },
] } } as const satisfies FilterDef;

const STATE_PARAMS: Record<string, Record<string, string>> = {
  enabled: { enabled: "true" }, disabled: { enabled: "false", pending: "false" }, pending: { pending: "true" },
};

/** The credit line (issue 30): agencies that owe (credit in use), those past their terms, those that owe nothing. */
export const CREDIT_FILTER = { name: "credit", label: "credit.filter", options: { fixed: [
  { value: "owing", label: "credit.filterOwing" }, { value: "pastTerms", label: "credit.filterPastTerms" }, { value: "clear", label: "credit.filterClear" },
] } } as const satisfies FilterDef;

const CREDIT_PARAMS: Record<string, Record<string, string>> = { owing: { inDebt: "true" }, pastTerms: { pastTerms: "true" }, clear: { inDebt: "false" } };

/** Keeps the table's one "state" select and one "credit" select, and sends what listAgents understands. */
export function withState(params: Record<string, string | number>) {
  const { state, credit, ...rest } = params;
  return { ...rest, ...(typeof state === "string" ? STATE_PARAMS[state] : {}), ...(typeof credit === "string" ? CREDIT_PARAMS[credit] : {}) };
}

/** The list as it starts, newest agency first. */
export const AGENTS_BASE_QUERY: ListQuery = { ...DEFAULT_LIST_QUERY, sort: "createdAt", order: "desc" };
/** Filters the address may name as themselves (?groupId=…, ?balanceMin=…). */
export const AGENT_ADDRESS_FILTERS = ["groupId", "balanceMin", "balanceMax"] as const;

/** The dashboard links here with ?pending=1 and ?lowBalance=1 (?state=… works too). */
export function agentAddressAliases(params: URLSearchParams): Record<string, string> {
  const state = params.get("pending") === "1" || params.get("pending") === "true" ? "pending" : params.get("state");
  const low = params.get("lowBalance");
  // The dashboard's credit figures link here with ?inDebt=true and ?pastTerms=true (issue 30): the credit select's values.
  const truthy = (name: string) => params.get(name) === "1" || params.get(name) === "true";
  const credit = params.get("credit") ?? (truthy("pastTerms") ? "pastTerms" : truthy("inDebt") ? "owing" : params.get("inDebt") === "false" ? "clear" : null);
  return {
    ...(state && state in STATE_PARAMS ? { state } : {}),
    ...(credit && credit in CREDIT_PARAMS ? { credit } : {}),
    ...(low === "1" || low === "true" ? { lowBalance: "true" } : low === "0" || low === "false" ? { lowBalance: "false" } : {}),
  };
}

/** The list the address asks for. */
export const agentsQueryFromSearch = (search: string): ListQuery => addressListQuery(AGENTS_BASE_QUERY, search, AGENT_ADDRESS_FILTERS, agentAddressAliases);

/** The list's call for a query, as the island's store sends it. */
export const agentsListCall = (query: ListQuery) => callPath(AGENTS_LIST, withState(queryParams(query)));

/** How many self-registrations await approval (the banner above the table). */
export const PENDING_COUNT_QUERY = { pending: "true", limit: 1 } as const;
export const PENDING_COUNT_CALL = callPath(AGENTS_LIST, PENDING_COUNT_QUERY);
