/** The catalogue's views (issue 9): /featured, the home page, /visa, /visa/available-visa and a visa's details. */
import type { BalanceResponse } from "../../../src/contract/auth";
import type { Country, VisaSummary } from "../../../src/contract/catalogue";
import type { ListResponse } from "../../../src/contract/common";
import type { EventRecord } from "../../../src/contract/events";
import type { NewsItem } from "../../../src/contract/news";
import type { Visa } from "../../../src/contract/catalogue";
import { FeaturedGrid } from "../../../src/features/catalogue/FeaturedGrid";
import { VisaDetailsBody } from "../../../src/features/catalogue/VisaDetailsBody";
import { BalanceView } from "../../../src/features/catalogue/BalanceView";
import { HOME_VISA_COUNT } from "../../../src/features/catalogue/home-visa-count";
import { HomeVisaRows } from "../../../src/features/catalogue/HomeVisaRows";
import { VisaCatalogueView } from "../../../src/features/catalogue/VisaCatalogueView";
import { AvailableVisasView } from "../../../src/features/catalogue/AvailableVisasView";
import { tripFromSearch, tripPathOf } from "../../../src/features/catalogue/trip";
import { filtersFromSearch, listPathOf } from "../../../src/features/catalogue/visa-list-query";
import { EventsBox } from "../../../src/features/live/EventsBox";
import { NewsBox } from "../../../src/features/live/NewsBox";
import { recordReferenceView } from "./record-reference";
import { listOf, ready, type EdgeView, type ViewRegistry } from "./view";

/** View name → how the edge draws it. */
const views: Record<string, EdgeView> = {
  featured: {
    calls: ["visa/featured?limit=100"],
    messages: ["catalogue"],
    render: ([visas], { locale }) => <FeaturedGrid state={ready(listOf<VisaSummary>(visas))} locale={locale} onRetry={() => {}} />,
  },
  "visa-details": {
    calls: ["visa/one/:id"],
    messages: ["catalogue", "common"],
    // As the island: 404 (unknown, or hidden from the agent's group) and 400 (not an id at all) mean "not found";
    // anything else but 200 is left to the browser, which asks again and shows its error with a retry.
    draws: (answer) => answer.status === 200 || answer.status === 404 || answer.status === 400,
    render: ([visa], { locale, params, answers }) => (
      <VisaDetailsBody
        state={answers[0]!.status === 200 && visa ? { status: "ready", data: visa as Visa } : { status: "notFound" }}
        locale={locale}
        id={params.id ?? ""}
        onRetry={() => {}}
      />
    ),
  },
  // The page's header names the record (record-reference.tsx).
  "record-reference": recordReferenceView,
  "visa-catalogue": {
    calls: (url) => [listPathOf(filtersFromSearch(url.search)), "countries/complete-list"],
    messages: ["catalogue"],
    render: ([list, countries], { locale, url }) => {
      const filters = filtersFromSearch(url.search);
      return (
        <VisaCatalogueView
          locale={locale}
          filters={filters}
          searchText={filters.search}
          state={ready(list as ListResponse<VisaSummary>)}
          countries={ready(listOf<Country>(countries).filter((country) => country.enabled))}
        />
      );
    },
  },
  "available-visas": {
    calls: (url) => {
      const path = tripPathOf(tripFromSearch(url.search));
      return path ? ["countries/complete-list", path] : ["countries/complete-list"];
    },
    messages: ["catalogue"],
    render: ([countries, visas], { locale, url }) => (
      <AvailableVisasView
        locale={locale}
        trip={tripFromSearch(url.search)}
        state={visas === undefined ? { status: "idle" } : ready(listOf<VisaSummary>(visas))}
        countries={ready(listOf<Country>(countries).filter((country) => country.enabled))}
      />
    ),
  },
  "home-balance": {
    calls: ["agents/balance"],
    messages: ["agents", "catalogue", "credit", "pages"],
    render: ([balance], { locale }) => <BalanceView state={ready(balance as BalanceResponse)} locale={locale} />,
  },
  "home-visas": {
    calls: [`visa/featured?limit=${HOME_VISA_COUNT}`, `visa/latest?limit=${HOME_VISA_COUNT}`],
    messages: ["catalogue", "pages"],
    render: ([featured, latest], { locale }) => (
      <HomeVisaRows featured={ready(listOf<VisaSummary>(featured))} latest={ready(listOf<VisaSummary>(latest))} locale={locale} />
    ),
  },
  "home-news": {
    calls: ["news-feed?limit=10"],
    messages: ["news", "events", "feed", "validation"],
    zoned: true,
    render: ([news], { locale, timeZone }) => <NewsBox news={listOf<NewsItem>(news)} locale={locale} timeZone={timeZone} />,
  },
  "home-events": {
    calls: ["events/all?limit=10"],
    messages: ["news", "events", "feed", "validation"],
    zoned: true,
    render: ([events], { locale, timeZone }) => <EventsBox events={listOf<EventRecord>(events)} locale={locale} timeZone={timeZone} />,
  },
};

/** Which views each route's page holds. */
const routes: Record<string, readonly string[]> = {
  featured: ["featured"],
  visa: ["visa-catalogue"],
  "available-visa": ["available-visas"],
  "visa-details": ["visa-details", "record-reference"],
  home: ["home-balance", "home-visas", "home-news", "home-events"],
};

export const catalogueViews: ViewRegistry = { views, routes };
