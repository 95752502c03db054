/**
 * The translation pages' views (issue 9): the agency's orders (/translation/requests) for the address's filter and
 * page, and the order form (/translation) with the services, languages and balance the island asks for.
 */
import type { BalanceResponse } from "../../../src/contract/auth";
import type { OrderListResponse, TranslationLanguage, TranslationOrderSummary, TranslationService } from "../../../src/contract/translation";
import { MAX_PAGES } from "../../../src/contract/translation-limits";
import { TranslationOrderView, initialOrderValues } from "../../../src/features/translation/TranslationOrderView";
import { TranslationRequestsView } from "../../../src/features/translation/TranslationRequestsView";
import { openedOrderPathOf, orderFiltersFromSearch, orderListPathOf } from "../../../src/features/translation/orders-query";
import { listOf, type EdgeView, type ViewRegistry } from "./view";

const views: Record<string, EdgeView> = {
  "translation-requests": {
    // The order a notice leads to (?order=) is read by id too: it is drawn at the top wherever it is in the list.
    calls: (url) => {
      const filters = orderFiltersFromSearch(url.search);
      return [orderListPathOf(filters), ...(filters.order ? [openedOrderPathOf(filters.order)] : [])];
    },
    messages: ["requests", "threads", "translation", "ui", "validation", "money"],
    zoned: true,
    // An order that is not the agency's answers 404: drawn as "not found" above the list, as the island does.
    draws: (answer) => answer.status === 200 || answer.status === 404,
    render: ([list, opened], { locale, timeZone, url, answers }) => {
      if (answers[0]!.status !== 200) return null;
      const one = answers[1] ? (answers[1].status === 200 ? (opened as TranslationOrderSummary) : "missing") : null;
      return <TranslationRequestsView locale={locale} timeZone={timeZone} filters={orderFiltersFromSearch(url.search)} list={list as OrderListResponse} opened={one} />;
    },
  },
  "translation-order": {
    // The island's calls: services and languages (limit 100), and the balance — which staff are refused (403), as
    // the island, which never asks for it for them, shows them no money either.
    calls: ["translation-service/by-agent?limit=100", "translation-language?limit=100", "agents/balance"],
    messages: ["money", "requests", "translation", "ui", "validation", "credit"],
    draws: (answer) => answer.status === 200 || answer.status === 403,
    render: ([services, languages, balance], { locale, url, answers }) => {
      const [servicesAnswer, languagesAnswer, balanceAnswer] = answers;
      if (servicesAnswer!.status !== 200 || languagesAnswer!.status !== 200) {
        return <TranslationOrderView locale={locale} maxPages={MAX_PAGES} state={{ status: "failed" }} values={initialOrderValues([], "")} money={false} balance={null} />;
      }
      const offered = listOf<TranslationService>(services);
      const money = balanceAnswer!.status === 200;
      return (
        <TranslationOrderView
          locale={locale}
          maxPages={MAX_PAGES}
          state={{ status: "ready", services: offered, languages: listOf<TranslationLanguage>(languages) }}
          values={initialOrderValues(offered, url.search)}
          money={money}
          balance={money ? (balance as BalanceResponse) : null}
        />
      );
    },
  },
};

const routes: Record<string, readonly string[]> = {
  "translation-requests": ["translation-requests"],
  translation: ["translation-order"],
};

export const translationViews: ViewRegistry = { views, routes };
