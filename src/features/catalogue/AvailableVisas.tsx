/** /visa/available-visa: choose a destination and a travel mode, see the visas available for that trip (the store). */
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $availableVisas, $trip, chooseDestination, chooseTripMode, searchTrip } from "./available.store";
import { AvailableVisasView, type TripActions } from "./AvailableVisasView";
import { $countries } from "./countries.store";
import { useHydratedStore } from "./use-store";

const actions: TripActions = { chooseDestination, chooseTripMode, retry: () => void searchTrip() };

function AvailableVisas({ locale }: { locale: Locale }) {
  return (
    <AvailableVisasView
      locale={locale}
      trip={useHydratedStore($trip)}
      state={useHydratedStore($availableVisas)}
      countries={useHydratedStore($countries)}
      actions={actions}
    />
  );
}

export default withI18n(AvailableVisas);
