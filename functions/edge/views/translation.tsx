/**
 * The translation pages' views (issue 9): the agency's orders (/translation/requests) for the address's filter and
 * page, and the order form (/translation) with the services, languages and balance the island asks for.
 */
import type { OrderListResponse } from "../../../src/contract/translation";
import { TranslationRequestsView } from "../../../src/features/translation/TranslationRequestsView";
import { orderFiltersFromSearch, orderListPathOf } from "../../../src/features/translation/orders-query";
import type { EdgeView, ViewRegistry } from "./view";

const views: Record<string, EdgeView> = {
  "translation-requests": {
    calls: (url) => [orderListPathOf(orderFiltersFromSearch(url.search))],
    messages: ["requests", "translation", "ui", "validation"],
    zoned: true,
    render: ([list], { locale, timeZone, url }) => (
      <TranslationRequestsView locale={locale} timeZone={timeZone} filters={orderFiltersFromSearch(url.search)} list={list as OrderListResponse} />
    ),
  },
};

const routes: Record<string, readonly string[]> = {
  "translation-requests": ["translation-requests"],
};

export const translationViews: ViewRegistry = { views, routes };
