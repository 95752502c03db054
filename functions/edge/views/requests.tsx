/** The visa requests' views (issue 9): /requests, a request (/requests/{id}) and /print. */
import type { RequestListResponse } from "../../../src/contract/requests";
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
};

const routes: Record<string, readonly string[]> = {
  requests: ["requests-list"],
};

export const requestsViews: ViewRegistry = { views, routes };
