/** The visa requests' views (issue 9): /requests, a request (/requests/{id}) and /print. */
import type { RequestListResponse, VisaRequest } from "../../../src/contract/requests";
import { RequestDetailsBody } from "../../../src/features/requests/RequestDetailsBody";
import { filtersFromSearch, listPathOf, pageCount } from "../../../src/features/requests/list-query";
import { RequestsListView } from "../../../src/features/requests/RequestsListView";
import type { EdgeView, ViewRegistry } from "./view";

const views: Record<string, EdgeView> = {
  "requests-list": {
    calls: (url) => [listPathOf(filtersFromSearch(url.search))],
    messages: ["requests", "common", "ui"],
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
    calls: ["requests/one-by-agent/:id"],
    messages: ["requests", "filing", "upload", "common", "ui", "validation"],
    zoned: true,
    // As the island: 404 (unknown, or another agency's) and 400 (not an id at all) mean "not found"; anything else
    // but 200 is left to the browser, which asks again and shows its error with a retry.
    draws: (answer) => answer.status === 200 || answer.status === 404 || answer.status === 400,
    render: ([request], { locale, timeZone, answers }) => (
      <RequestDetailsBody
        state={answers[0]!.status === 200 && request ? { status: "ready", data: request as VisaRequest } : { status: "notFound" }}
        locale={locale}
        timeZone={timeZone}
      />
    ),
  },
};

const routes: Record<string, readonly string[]> = {
  requests: ["requests-list"],
  "request-details": ["request-details"],
};

export const requestsViews: ViewRegistry = { views, routes };
