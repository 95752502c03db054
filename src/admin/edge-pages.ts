/**
 * The admin pages that are one kit resource, as the edge draws them (functions/edge/views/admin.tsx; issue 9): the
 * page's own island component, given the first page of its list (the call the island would make, with the same
 * query) instead of asking for it. This module is checked with the browser's types: the worker sees only the small
 * surface declared in functions/edge/views/admin-pages.d.ts (its "#admin-pages" alias, wrangler.toml), not the
 * browser modules behind the pages (their HTTP client, uploads, toasts), which are never run there.
 */
import { createElement, type ComponentType, type ReactElement } from "react";
import type { ListResponse } from "../contract/common";
import type { Locale } from "../shared/locales";
import { ResourceSeed, firstListCall } from "./kit/seed";
import type { ResourceDefinition } from "./kit/resource";
import CountriesPage from "./countries/CountriesPage";
import { countries } from "./countries/countries.resource";
import EventsPage from "./events/EventsPage";
import { events } from "./events/events.resource";
import NewsPage from "./news/NewsPage";
import { news } from "./news/news.resource";
import TranslationLanguagesPage from "./translation/TranslationLanguagesPage";
import { translationLanguages } from "./translation/languages.resource";
import TranslationServicesPage from "./translation/TranslationServicesPage";
import { translationServices } from "./translation/services.resource";
import RequirementsPage from "./visa-requirements/RequirementsPage";
import { requirements } from "./visa-requirements/requirements.resource";
import VisasPage from "./visas/VisasPage";
import { visas } from "./visas/visas.resource";
import { DashboardView, dashboardCall } from "./dashboard/DashboardView";
import { LedgerView } from "./transactions/LedgerView";
import { AGENCIES_CALL, agencyChoices, type AgencyChoice } from "./agents/agency-options";
import type { Transaction, TransactionListResponse } from "../contract/transactions";
import { ADMIN_LEDGER, adminLedgerQueryFromSearch } from "../features/wallet/ledger";
import { queryParams } from "./kit/list-query";
import { loadedTable } from "./kit/ResourceTableView";
import { callPath } from "../shared/call-path";
import type { AdminAgentRecord, Dashboard } from "../contract/agents";
import { AgentsListView } from "./agents/AgentsListView";
import { GROUPS_CALL, GROUPS_QUERY, PENDING_COUNT_CALL, agentsListCall, agentsQueryFromSearch } from "./agents/agents-list";
import { optionsOf } from "./kit/options";
import { RequestsListView } from "./requests/RequestsListView";
import { requestsListCall, requestsQueryFromSearch } from "./requests/requests-list";
import { COUNTRIES_CALL, VISAS_CALL, VISAS_QUERY, countryChoices, visaChoices } from "./requests/api";
import type { RequestListResponse, VisaRequestSummary } from "../contract/requests";
import { QUEUE_QUERY, QueueView } from "./requests/QueueView";
import type { Country, VisaSummary } from "../contract/catalogue";
import type { OrderListResponse } from "../contract/translation";
import { TranslationQueueView } from "./translation/TranslationQueueView";
import { queueCall, queueQueryFromSearch } from "./translation/translation-queue";
import type { VisaRequest } from "../contract/requests";
import { RequestDetailView } from "./requests/RequestDetailView";
import type { PaymentInstructions, TopUpRequestList } from "../contract/credit";
import { TopUpQueueView } from "./top-ups/TopUpQueueView";
import { INSTRUCTIONS_CALL, topUpFilterFromSearch, topUpQueueCall } from "./top-ups/top-up-queue";
import type { AuditListResponse } from "../contract/audit";
import { AuditLogView } from "./audit/AuditLogView";
import { auditCall, auditQueryFromSearch } from "./audit/audit-query";
import GroupsPage from "./groups/GroupsPage";
import { groups } from "./groups/groups.resource";
import type { AgentHistoryEntry } from "../contract/agents";
import type { WaitingReset } from "../contract/password-resets";
import { AGENT_DETAIL_CALLS } from "./agents/agent-detail";
import { AgentDetailView, type AgentWithStaff } from "./agents/AgentDetailView";
import { AgentAccessView } from "./agents/AgentAccessView";
import { AgentHistoryView } from "./agents/AgentHistoryView";
import ThemePage from "./theme/ThemePage";
import { THEMES_CALL, THEMES_QUERY } from "./theme/theme.store";
import type { Theme } from "../contract/catalogue";

export interface DrawnResourcePage {
  /** The route whose page it is. */
  route: string;
  /** The list's first call (path under /api with its query), in the page's language (sorts are per language), for
   * what the page's address asks (search, filters, page). */
  firstCall: (locale: Locale, search: string) => string;
  /** The message prefixes the page reads (its .astro file gives its island the same). */
  messages: readonly string[];
  /** Calls whose answers the page's controls show (a picker's choices), made with the first. */
  moreCalls?: readonly string[];
  /** The page drawn from the first call's answer (and moreCalls' answers), dates in the reader's zone, its controls as the address says. */
  render: (list: unknown, locale: Locale, timeZone: string, search: string, more?: readonly unknown[]) => ReactElement;
  /** False: the page shows no date or time, so it is drawn alike for every time zone (default: it shows some). */
  zoned?: boolean;
}

/** The message prefixes every kit page reads. */
const KIT = ["editor", "kit", "money", "pages", "resources", "ui", "upload", "validation"] as const;
const CONTENT = [...KIT, "events", "news"] as const;
const TRANSLATION = ["adminTranslation", ...KIT, "requests", "translation"] as const;
const GROUPS = ["balance", "credit", ...KIT] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition of any record type
function page(route: string, resource: ResourceDefinition<any, any>, Page: ComponentType<{ locale: Locale }>, messages: readonly string[] = KIT): DrawnResourcePage {
  return {
    route,
    firstCall: (locale, search) => firstListCall(resource, locale, search),
    messages,
    // createElement, not JSX: the worker's bundler reaches this file through an alias, outside the tsconfig that
    // tells it React's automatic JSX runtime.
    render: (list, locale, timeZone, search) =>
      createElement(ResourceSeed.Provider, { value: { lists: { [resource.endpoints.list]: list as ListResponse<unknown> }, timeZone, search } }, createElement(Page, { locale })),
  };
}

/**
 * The whole ledger (/admin/transactions; issue 32: hydrated at load, it blocked a phone's main thread for 184-309 ms):
 * not a kit resource, but drawn the same way, from the first page the address asks for.
 */
/** A list call's records, whether the API answered a bare array or `{ data: [...] }` (as wholeList reads it). */
const wholeAnswer = <T,>(answer: unknown): T[] => (Array.isArray(answer) ? answer : ((answer as { data?: T[] } | null)?.data ?? []));

const ledgerPage: DrawnResourcePage = {
  route: "admin-transactions",
  firstCall: (_locale, search) => callPath(ADMIN_LEDGER, queryParams(adminLedgerQueryFromSearch(search))),
  messages: ["dashboard", "kit", "ledger", "money", "pages", "requests", "transactions", "ui", "validation"],
  // The agency picker's choices: drawn, so the admin can pick at once (the island's picker reads the same answer).
  moreCalls: [AGENCIES_CALL],
  render: (list, locale, timeZone, search, more = []) => {
    const page = list as TransactionListResponse;
    return createElement(LedgerView, {
      locale,
      timeZone,
      agencies: agencyChoices(wholeAnswer<AgencyChoice>(more[0]), locale),
      table: loadedTable<Transaction>(adminLedgerQueryFromSearch(search), page),
      summary: { ...(page.balance === undefined ? {} : { balance: page.balance }), currency: page.currency, ...(page.totals ? { totals: page.totals } : {}) },
    });
  },
};

/**
 * Every agency (/admin/agents-list; issue 32: hydrated at load, its 96 kB island blocked a phone's main thread), with
 * the count awaiting approval and the group filter's choices, drawn from the list the address asks for.
 */
const agentsPage: DrawnResourcePage = {
  route: "admin-agents-list",
  firstCall: (_locale, search) => agentsListCall(agentsQueryFromSearch(search)),
  messages: ["agents", "credit", "kit", "money", "pages", "ui", "validation"],
  moreCalls: [PENDING_COUNT_CALL, callPath(GROUPS_CALL, GROUPS_QUERY)],
  render: (list, locale, timeZone, search, more = []) =>
    createElement(AgentsListView, {
      locale,
      timeZone,
      table: loadedTable<AdminAgentRecord>(agentsQueryFromSearch(search), list as ListResponse<AdminAgentRecord>),
      pending: (more[0] as ListResponse<unknown> | null)?.total ?? null,
      groups: { ready: optionsOf(wholeAnswer<{ _id: string; name: string }>(more[1]), (group) => group.name, locale) },
    }),
};

/**
 * Every visa request (/admin/requests-list; issue 32: hydrated at load, its 97 kB island blocked a phone's main
 * thread), drawn from the list the address asks for, with the agency, country and visa pickers' choices.
 */
const requestsPage: DrawnResourcePage = {
  route: "admin-requests-list",
  firstCall: (_locale, search) => requestsListCall(requestsQueryFromSearch(search)),
  messages: ["adminRequests", "kit", "pages", "requests", "threads", "ui"],
  moreCalls: [AGENCIES_CALL, COUNTRIES_CALL, callPath(VISAS_CALL, VISAS_QUERY)],
  render: (list, locale, timeZone, search, [agencies, countries, visas] = []) =>
    createElement(RequestsListView, {
      locale,
      timeZone,
      table: loadedTable<VisaRequestSummary>(requestsQueryFromSearch(search), list as ListResponse<VisaRequestSummary>),
      agencies: { ready: agencyChoices(wholeAnswer<AgencyChoice>(agencies), locale) },
      countries: { ready: countryChoices(wholeAnswer<Country>(countries), locale) },
      visas: { ready: visaChoices(wholeAnswer<VisaSummary>(visas), locale) },
    }),
};

/**
 * The work queue (/admin/requests; issue 32: hydrated at load, its 97 kB island blocked a phone's main thread): every
 * open request with the counts per status, which come with the list's answer.
 */
const queuePage: DrawnResourcePage = {
  route: "admin-requests",
  firstCall: () => requestsListCall(QUEUE_QUERY),
  messages: ["adminRequests", "kit", "pages", "requests", "threads", "ui"],
  render: (list, locale, timeZone) => {
    const page = list as RequestListResponse;
    return createElement(QueueView, { locale, timeZone, table: loadedTable<VisaRequestSummary>(QUEUE_QUERY, page), counts: page.counts ?? {} });
  },
};

/**
 * The translation orders' work queue (/admin/translation/requests; issue 32: hydrated at load, its island blocked a
 * phone's main thread): the address's page of orders with the counts per status, which come with the list's answer.
 */
const translationQueuePage: DrawnResourcePage = {
  route: "admin-translation-requests",
  firstCall: (_locale, search) => queueCall(queueQueryFromSearch(search)),
  messages: ["adminTranslation", "pages", "requests", "threads", "translation", "ui", "validation"],
  render: (list, locale, timeZone, search) =>
    createElement(TranslationQueueView, { locale, timeZone, query: queueQueryFromSearch(search), list: list as OrderListResponse }),
};

/**
 * The office's top-up queue (/admin/top-ups; issue 32: hydrated at load, its slips and the instructions editor came
 * after paint and moved the page, CLS 0.12-0.14, score 86-92 on a phone): the requests the address's filter asks for,
 * and the payment instructions (drawn too, so nothing arrives below the queue later).
 */
const topUpsPage: DrawnResourcePage = {
  route: "admin-top-ups",
  firstCall: (_locale, search) => topUpQueueCall(topUpFilterFromSearch(search)),
  messages: ["money", "requests", "topUps", "ui", "validation"],
  moreCalls: [INSTRUCTIONS_CALL],
  render: (list, locale, timeZone, search, [instructions] = []) =>
    createElement(TopUpQueueView, {
      locale,
      timeZone,
      status: topUpFilterFromSearch(search),
      list: list as TopUpRequestList,
      instructions: (instructions as PaymentInstructions | null | undefined) ?? null,
    }),
};

/**
 * The audit log (/admin/audit-log; issue 32: hydrated at load, it blocked a phone's main thread up to 522 ms): the
 * rows the address's filters and page ask for.
 */
const auditLogPage: DrawnResourcePage = {
  route: "admin-audit-log",
  firstCall: (_locale, search) => auditCall(auditQueryFromSearch(search)),
  messages: ["audit", "kit", "requests", "ui", "validation"],
  render: (list, locale, timeZone, search) =>
    createElement(AuditLogView, {
      locale,
      timeZone,
      query: auditQueryFromSearch(search),
      state: { status: "ready", data: list as AuditListResponse & { currency?: string } },
    }),
};

/**
 * The site's themes (/admin/theme; issue 32: hydrated at load, its 113 kB island blocked a phone's main thread): the
 * picker and the active theme open — its colours, preview, logo and banners — drawn by the island's own component
 * from the themes it would read, as it shows them once they are there.
 */
const themePage: DrawnResourcePage = {
  route: "admin-theme",
  firstCall: () => callPath(THEMES_CALL, THEMES_QUERY),
  messages: ["app", "editor", "kit", "money", "resources", "ui", "upload", "validation"],
  zoned: false,
  render: (list, locale) => createElement(ThemePage, { locale, themes: (list as ListResponse<Theme>).data }),
};

/** By view name (the page's <EdgeView name>, src/admin/kit/resource-pages.client.ts). */
export const ADMIN_RESOURCE_PAGES: Record<string, DrawnResourcePage> = {
  "admin-visas": page("admin-visa-list", visas, VisasPage),
  "admin-countries": page("admin-countries", countries, CountriesPage),
  "admin-requirements": page("admin-visa-requirements", requirements, RequirementsPage),
  "admin-news": page("admin-news", news, NewsPage, CONTENT),
  "admin-events": page("admin-events", events, EventsPage, CONTENT),
  "admin-translation-languages": page("admin-translation-languages", translationLanguages, TranslationLanguagesPage, TRANSLATION),
  "admin-translation-services": page("admin-translation", translationServices, TranslationServicesPage, TRANSLATION),
  "admin-ledger": ledgerPage,
  "admin-agents": agentsPage,
  "admin-requests-list": requestsPage,
  "admin-queue": queuePage,
  "admin-translation-queue": translationQueuePage,
  "admin-top-ups": topUpsPage,
  "admin-audit-log": auditLogPage,
  // Issue 32: the groups' table; the default group's price grid comes with the island (GroupsPage.tsx).
  "admin-agent-groups": page("admin-agent-groups", groups, GroupsPage, GROUPS),
  "admin-theme": themePage,
};

/** An admin page drawn whole from one call, with nothing to reach for: its island runs only where the edge could not. */
export interface DrawnAdminPage {
  route: string;
  call: (locale: Locale) => string;
  messages: readonly string[];
  render: (answer: unknown, locale: Locale) => ReactElement;
}

/** By view name (src/admin/dashboard/dashboard.client.ts). */
export const ADMIN_PAGES: Record<string, DrawnAdminPage> = {
  "admin-dashboard": {
    route: "admin",
    call: dashboardCall,
    messages: ["dashboard", "requests", "ui"],
    render: (answer, locale) => createElement(DashboardView, { data: answer as Dashboard, locale }),
  },
};

/** An admin page about one record (the route's `:id`), drawn from the one call that reads it. */
export interface DrawnRecordPage {
  route: string;
  /** The record's call, `:id` the route's param. */
  call: string;
  /** Calls whose answers the page shows besides the record (`:id` the route's param), made with it. */
  moreCalls?: readonly string[];
  messages: readonly string[];
  /** The page from the record (the edge answers an unknown id with its 404 page first: the route's `record`). */
  render: (record: unknown, locale: Locale, timeZone: string, more?: readonly unknown[]) => ReactElement;
}

/** By view name (src/admin/requests/request.client.ts). */
export const ADMIN_RECORD_PAGES: Record<string, DrawnRecordPage> = {
  // One visa request (/admin/requests/{id}; issue 32: hydrated at load, its 97 kB island blocked a phone's main
  // thread for 0.3-2.5 s): the request, applicant, documents, results, history and the moves the API allows.
  "admin-request": {
    route: "admin-request",
    call: "requests/one-by-admin/:id",
    messages: ["adminRequests", "kit", "requests", "resources", "threads", "ui", "upload", "validation"],
    render: (record, locale, timeZone) => createElement(RequestDetailView, { state: { status: "ready", data: record as VisaRequest }, locale, timeZone }),
  },
  // One agency (/admin/{id}/agent; issue 32: hydrated at load, its 107 kB island blocked a phone's main thread): its
  // details, group, balance, credit line, staff, the password resets waiting for the office and its history's first
  // page, as the island shows them once it has read them (the same calls, agent-detail.ts).
  "admin-agent": {
    route: "admin-agent",
    call: AGENT_DETAIL_CALLS.record,
    moreCalls: AGENT_DETAIL_CALLS.more,
    messages: ["account", "agents", "auth", "credit", "kit", "ledger", "money", "pages", "requests", "staff", "transactions", "ui", "validation"],
    render: (record, locale, timeZone, [groupList, waiting, history] = []) => {
      const agent = record as AgentWithStaff;
      const entries = history as ListResponse<AgentHistoryEntry>;
      return createElement(AgentDetailView, {
        agent,
        groups: optionsOf(wholeAnswer<{ _id: string; name: string }>(groupList), (group) => group.name, locale),
        locale,
        access: createElement(AgentAccessView, { agency: agent, staff: agent.staff, waiting: (waiting as { data: WaitingReset[] }).data, locale, timeZone }),
        history: createElement(AgentHistoryView, { entries: entries.data, total: entries.total, locale, currency: agent.currency ?? "USD", timeZone }),
      });
    },
  },
};
