/**
 * /visa as the agent sees it: search, country and travel-mode filters, a page of visas and the pager, from the list's
 * state. Drawn by the edge for the address's filters (functions/edge/views.tsx) and by the island (VisaCatalogue.tsx).
 */
import { Search, X } from "../../components/ui/icons";
import { useId, useMemo } from "react";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import type { ListResponse } from "../../contract/common";
import type { Country, VisaSummary } from "../../contract/catalogue";
import type { Loadable } from "./loadable";
import { CountryOptionList } from "./CountryOptionList";
import { formatNumber } from "./format";
import { EmptyPanel, Pager, SelectField } from "./ui";
import { pageCount, searchOf, type TravelMode, type VisaFilters } from "./visa-list-query";
import { useVisaLabels } from "./VisaCard";
import { VisaGrid } from "./VisaGrid";

/**
 * Skeleton cards while a page loads: enough to fill the first screen of a phone (and a row on wider screens), not the whole
 * page of 12; the cards below arrive under them, so nothing on screen moves, and hydration has less to walk.
 */
export const SKELETON_CARDS = 4;

/** What the catalogue does when the agent acts (the island's store actions; the edge draws it without any). */
export interface CatalogueActions {
  typeSearch(text: string): void;
  applySearch(): void;
  chooseCountry(countryId: string): void;
  chooseTravelMode(mode: TravelMode | ""): void;
  clearFilters(): void;
  goToPage(page: number): void;
  retry(): void;
}

const idle = () => {};
const NO_ACTIONS: CatalogueActions = {
  typeSearch: idle, applySearch: idle, chooseCountry: idle, chooseTravelMode: idle, clearFilters: idle, goToPage: idle, retry: idle,
};

export function VisaCatalogueView({ locale, filters, searchText, state, countries, actions = NO_ACTIONS }: {
  locale: Locale;
  filters: VisaFilters;
  searchText: string;
  state: Loadable<ListResponse<VisaSummary>>;
  countries: Loadable<readonly Country[]>;
  actions?: CatalogueActions;
}) {
  const t = useT();
  const { modes } = useVisaLabels();
  const { typeSearch, applySearch, chooseCountry, chooseTravelMode, clearFilters } = actions;
  const searchId = useId();
  const filtered = Boolean(filters.search || filters.countryId || filters.travelMode);
  const list = state.status === "ready" ? state.data : null;
  // One object per answer (VisaGrid defers it: a new object on every render would render it twice).
  const gridState = useMemo<Loadable<readonly VisaSummary[]>>(
    () => (state.status === "ready" ? { status: "ready", data: state.data.data } : state),
    [state],
  );

  const onPage = (page: number) => {
    actions.goToPage(page);
    document.getElementById("visa-results")?.scrollIntoView({ block: "start" });
  };

  return (
    <section aria-labelledby="visa-results-title" className="flex flex-col gap-4">
      <form
        role="search"
        className="card grid gap-3 p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          applySearch();
        }}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t("catalogue.search.label")}
          </label>
          <div className="relative">
            <Search size={18} aria-hidden="true" className="muted pointer-events-none absolute start-3 top-1/2 -translate-y-1/2" />
            <input
              id={searchId}
              type="search"
              className="field ps-9"
              value={searchText}
              placeholder={t("catalogue.search.placeholder")}
              onChange={(event) => typeSearch(event.currentTarget.value)}
              autoComplete="off"
              enterKeyHint="search"
              data-testid="visa-search"
            />
          </div>
        </div>
        <SelectField label={t("catalogue.filter.country")} value={filters.countryId} onChange={chooseCountry} testId="filter-country">
          <option value="">{t("catalogue.filter.allCountries")}</option>
          <CountryOptionList countries={countries} locale={locale} />
        </SelectField>
        <SelectField
          label={t("catalogue.filter.travelMode")}
          value={filters.travelMode}
          onChange={(value) => chooseTravelMode(value as TravelMode | "")}
          testId="filter-mode"
        >
          <option value="">{t("catalogue.filter.allModes")}</option>
          <option value="Air">{modes.Air}</option>
          <option value="Land">{modes.Land}</option>
        </SelectField>
        <button
          type="button"
          className="btn disabled:cursor-not-allowed disabled:opacity-50"
          onClick={clearFilters}
          disabled={!filtered && !searchText}
          data-testid="filter-clear"
        >
          <X size={24} aria-hidden="true" />
          {t("catalogue.filter.clear")}
        </button>
      </form>

      <div id="visa-results" className="flex h-6 scroll-mt-24 items-center justify-between">
        <h2 id="visa-results-title" className="font-semibold">
          {t("catalogue.results")}
        </h2>
        <p className="muted text-sm tabular-nums" aria-live="polite" data-testid="visa-total">
          {list ? t("catalogue.resultCount", { n: formatNumber(list.total, locale) }) : ""}
        </p>
      </div>

      <VisaGrid
        state={gridState}
        locale={locale}
        skeletons={SKELETON_CARDS}
        onRetry={actions.retry}
        testId="visa-list"
        eagerFirst
        empty={
          <EmptyPanel title={t("catalogue.noVisas")} hint={filtered ? t("catalogue.noVisasFiltered") : undefined}>
            {filtered && (
              <button type="button" className="btn mt-2" onClick={clearFilters}>
                {t("catalogue.filter.clear")}
              </button>
            )}
          </EmptyPanel>
        }
      />
      {list && <Pager page={list.page} pages={pageCount(list)} locale={locale} onPage={onPage} href={(page) => searchOf({ ...filters, page }) || "?"} />}
    </section>
  );
}
