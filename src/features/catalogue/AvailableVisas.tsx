/** /visa/available-visa: choose a destination and a travel mode, see the visas available for that trip. */
import { MapPin } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { TRAVEL_MODE_LIST as TRIP_MODES } from "./api";
import { $availableVisas, $trip, chooseDestination, chooseTripMode, searchTrip } from "./available.store";
import { $countries } from "./countries.store";
import { EmptyPanel, SelectField } from "./ui";
import { useHydratedStore } from "./use-store";
import { CountryOptions } from "./CountryOptions";
import { TravelModeIcon, useVisaLabels } from "./VisaCard";
import { VisaGrid } from "./VisaGrid";

function AvailableVisasView({ locale }: { locale: Locale }) {
  const t = useT();
  const { modes } = useVisaLabels();
  const trip = useHydratedStore($trip);
  const state = useHydratedStore($availableVisas);
  const countries = useHydratedStore($countries);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="available-results-title">
      <form className="card grid gap-4 p-4 md:grid-cols-2 md:items-end" onSubmit={(event) => event.preventDefault()}>
        <SelectField label={t("catalogue.filter.destination")} value={trip.countryId} onChange={chooseDestination} testId="trip-country">
          <option value="">{countries.status === "ready" ? t("catalogue.filter.chooseDestination") : t("catalogue.loading")}</option>
          <CountryOptions locale={locale} />
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
          onRetry={() => void searchTrip()}
          testId="available-list"
          empty={<EmptyPanel title={t("catalogue.available.none")} hint={t("catalogue.available.noneHint")} />}
        />
      )}
    </section>
  );
}

export default withI18n(AvailableVisasView);
