/** The visa requests' views (issue 9): /requests, a request (/requests/{id}) and /print (visa requests and translation orders). */
import type { RequestListResponse, VisaRequest } from "../../../src/contract/requests";
import { RequestDetailsBody, filedNow } from "../../../src/features/requests/RequestDetailsBody";
import type { BalanceResponse } from "../../../src/contract/auth";
import { filtersFromSearch, listPathOf, pageCount } from "../../../src/features/requests/list-query";
import { RequestsListView } from "../../../src/features/requests/RequestsListView";
import type { TranslationOrder } from "../../../src/contract/translation";
import { PrintVisaView, printTarget, type PrintState } from "../../../src/features/requests/PrintVisaView";
import { PrintOrderView, printOrderTarget } from "../../../src/features/translation/PrintOrderView";
import type { Thread } from "../../../src/contract/threads";
import { ThreadView, threadPrintHref } from "../../../src/features/threads/ThreadView";
import type { ApiAnswer } from "../first-data";
import type { EdgeView, ViewRegistry } from "./view";

/** As the islands: 404 (unknown, another agency's) and 400 (not an id) mean "not found"; other failures are the browser's. */
const drawsFound = (answer: ApiAnswer) => answer.status === 200 || answer.status === 404 || answer.status === 400;

/** What the visa print view shows for this address, given the answer to its call (when it made one). */
function printState(url: URL, answer: ApiAnswer | undefined, thread: ApiAnswer | undefined): PrintState {
  const target = printTarget(url.search);
  if (!target) return { status: "notFound" };
  if (target.kind === "translation" || target.kind === "legal") return { status: "elsewhere" };
  if (target.kind !== "visa") return { status: "unsupported" };
  if (answer?.status !== 200) return { status: "notFound" };
  return { status: "ready", data: answer.body as VisaRequest, ...(thread?.status === 200 ? { thread: thread.body as Thread } : {}) };
}

const views: Record<string, EdgeView> = {
  "requests-list": {
    calls: (url) => [listPathOf(filtersFromSearch(url.search))],
    messages: ["requests", "common", "threads", "ui"],
    zoned: true,
    // A page past the end (an old link, requests canceled since) is the island's: it moves to the last page.
    draws: (answer) => {
      if (answer.status !== 200) return false;
      const list = answer.body as RequestListResponse;
      return !(list.data.length === 0 && list.page > pageCount(list.total));
    },
    render: ([list], { locale, url, timeZone }) => {
      const filters = filtersFromSearch(url.search);
      return (
        <RequestsListView
          locale={locale}
          filters={filters}
          searchText={filters.search}
          state={{ status: "ready", data: list as RequestListResponse }}
          exporting={null}
          timeZone={timeZone}
        />
      );
    },
  },
  "request-details": {
    // Just filed (?filed): the agency's balance too, for the confirmation of what was paid (staff see no money).
    calls: (url, viewer) => ["requests/one-by-agent/:id", ...(filedNow(url.search) && viewer === "Agent" ? ["agents/balance"] : [])],
    messages: ["requests", "filing", "upload", "common", "ui", "validation", "money"],
    zoned: true,
    // As the island: 404 (unknown, or another agency's) and 400 (not an id at all) mean "not found"; anything else
    // but 200 is left to the browser, which asks again and shows its error with a retry.
    draws: drawsFound,
    render: ([request, balance], { locale, timeZone, answers, url }) => (
      <RequestDetailsBody
        state={answers[0]!.status === 200 && request ? { status: "ready", data: request as VisaRequest } : { status: "notFound" }}
        locale={locale}
        timeZone={timeZone}
        filed={filedNow(url.search) ? { balance: (balance as BalanceResponse | undefined) ?? null } : null}
      />
    ),
  },
  // The request's conversation with the office (issue 29), under the request.
  "request-thread": {
    calls: ["requests/:id/messages"],
    messages: ["threads", "validation"],
    zoned: true,
    render: ([thread], { locale, timeZone, params }) => (
      <ThreadView state={{ status: "ready", data: thread as Thread }} side="agency" locale={locale} timeZone={timeZone} printHref={threadPrintHref(locale, params.id ?? "")} />
    ),
  },
  // /print?kind=visa&id=: the request's sheet and receipt; other kinds draw nothing here (PrintOrder's).
  "print-visa": {
    // An admin prints any agency's request (issue 27): through the admin's own call, which the agency's refuses.
    calls: (url, viewer) => {
      const target = printTarget(url.search);
      if (target?.kind !== "visa") return [];
      const one = `requests/${viewer === "Admin" ? "one-by-admin" : "one-by-agent"}/${target.id}`;
      // Asked for (issue 29): the request's conversation, as the viewer may read it.
      return target.thread ? [one, `requests/${target.id}/messages`] : [one];
    },
    messages: ["print", "requests", "filing", "common", "threads"],
    zoned: true,
    draws: drawsFound,
    render: (_, { locale, timeZone, url, answers }) => <PrintVisaView state={printState(url, answers[0], answers[1])} locale={locale} timeZone={timeZone} />,
  },
  // /print?kind=translation|legal&id= (issue 12): the agency's order, or any order for an admin (by-admin).
  "print-order": {
    calls: (url, viewer) => {
      const target = printOrderTarget(url.search);
      return target?.id ? [`legal-translation/${viewer === "Admin" ? "by-admin" : "by-agent"}/${encodeURIComponent(target.id)}`] : [];
    },
    messages: ["translation"],
    zoned: true,
    draws: drawsFound,
    render: (_, { locale, timeZone, url, answers }) => {
      const target = printOrderTarget(url.search);
      const answer = answers[0];
      return (
        <PrintOrderView
          state={!target ? { status: "none" } : answer?.status === 200 ? { status: "ready", order: answer.body as TranslationOrder } : { status: "notFound" }}
          locale={locale}
          timeZone={timeZone}
        />
      );
    },
  },
};

const routes: Record<string, readonly string[]> = {
  requests: ["requests-list"],
  "request-details": ["request-details", "request-thread"],
  print: ["print-visa", "print-order"],
};

export const requestsViews: ViewRegistry = { views, routes };
