/**
 * /visa/available-visa as the agent sees it: a destination and a travel mode, and the visas available for that trip.
 * Drawn by the edge for the address's choice (functions/edge/views.tsx) and by the island (AvailableVisas.tsx).
 */
import { MapPin } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { Country } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import type { AvailableState, TripChoice } from "./trip";
import { CountryOptionList } from "./CountryOptionList";
import type { Loadable } from "./loadable";
import { EmptyPanel, SelectField } from "./ui";
import { TRAVEL_MODE_LIST as TRIP_MODES, type TravelMode } from "./visa-list-query";
import { TravelModeIcon, useVisaLabels } from "./VisaCard";
import { VisaGrid } from "./VisaGrid";

/** What the page does when the agent chooses (the island's store actions; the edge draws it without any). */
export interface TripActions {
  chooseDestination(countryId: string): void;
  chooseTripMode(mode: TravelMode): void;
  retry(): void;
}

const idle = () => {};
const NO_ACTIONS: TripActions = { chooseDestination: idle, chooseTripMode: idle, retry: idle };

export function AvailableVisasView({ locale, trip, state, countries, actions = NO_ACTIONS }: {
  locale: Locale;
  trip: TripChoice;
  state: AvailableState;
  countries: Loadable<readonly Country[]>;
  actions?: TripActions;
}) {
  const t = useT();
  const { modes } = useVisaLabels();
  const { chooseDestination, chooseTripMode } = actions;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="available-results-title">
      <form className="card grid gap-4 p-4 md:grid-cols-2 md:items-end" onSubmit={(event) => event.preventDefault()}>
        <SelectField label={t("catalogue.filter.destination")} value={trip.countryId} onChange={chooseDestination} testId="trip-country">
          <option value="">{countries.status === "ready" ? t("catalogue.filter.chooseDestination") : t("catalogue.loading")}</option>
          <CountryOptionList countries={countries} locale={locale} />
        </SelectField>
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{t("catalogue.filter.travelMode")}</legend>
          <div className="grid grid-cols-2 gap-2" data-testid="trip-mode">
            {TRIP_MODES.map((mode) => (
              <label
                key={mode}
                className="field flex cursor-pointer items-center justify-center gap-2 font-medium has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:text-primary-800 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 dark:has-[:checked]:bg-primary-800/30 dark:has-[:checked]:text-primary-100"
              >
                <input
                  type="radio"
                  name="travel-mode"
                  value={mode}
                  checked={trip.travelMode === mode}
                  onChange={() => chooseTripMode(mode)}
                  className="sr-only"
                  data-testid={`trip-mode-${mode}`}
                />
                <TravelModeIcon mode={mode} />
                {modes[mode]}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      <h2 id="available-results-title" className="sr-only">
        {t("catalogue.results")}
      </h2>
      {state.status === "idle" ? (
        <div className="card flex flex-col items-center gap-2 p-8 text-center" data-testid="trip-idle">
          <MapPin size={24} aria-hidden="true" className="text-primary-600" />
          <p className="font-semibold">{t("catalogue.available.idle")}</p>
          <p className="muted text-sm">{t("catalogue.available.idleHint")}</p>
        </div>
      ) : (
        <VisaGrid
          state={state}
          locale={locale}
          skeletons={4}
          onRetry={actions.retry}
          testId="available-list"
          empty={<EmptyPanel title={t("catalogue.available.none")} hint={t("catalogue.available.noneHint")} />}
        />
      )}
    </section>
  );
}
