/**
 * /visa/available-visa: the agent picks a destination country and a travel mode and sees the visas available for
 * that trip (`visa/searchAvailableVisa/{country}/{mode}`). The choice lives in the address (?country=&mode=).
 */
import { atom, map, onMount } from "nanostores";
import type { VisaSummary } from "../../contract/catalogue";
import { searchAvailableVisas, type TravelMode } from "./api";
import { inBrowser, latestOnly } from "./loadable";
import { tripFromSearch, type AvailableState, type TripChoice } from "./trip";

export { tripFromSearch, type AvailableState, type TripChoice };

export const $trip = map<TripChoice>({ countryId: "", travelMode: "Air" });
export const $availableVisas = atom<AvailableState>({ status: "idle" });

const run = latestOnly<VisaSummary[]>((state) => $availableVisas.set(state));

/** Searches for the current choice; without a destination there is nothing to search. */
export function searchTrip(): Promise<void> {
  const { countryId, travelMode } = $trip.get();
  if (!countryId) {
    $availableVisas.set({ status: "idle" });
    return Promise.resolve();
  }
  return run(() => searchAvailableVisas(countryId, travelMode));
}

export function chooseDestination(countryId: string): void {
  $trip.setKey("countryId", countryId);
}

export function chooseTripMode(travelMode: TravelMode): void {
  $trip.setKey("travelMode", travelMode);
}

onMount($availableVisas, () => {
  if (!inBrowser()) return;
  $trip.set(tripFromSearch(location.search));
  void searchTrip();
  return $trip.listen((trip) => {
    if (typeof history !== "undefined") {
      const params = new URLSearchParams();
      if (trip.countryId) params.set("country", trip.countryId);
      params.set("mode", trip.travelMode);
      history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
    }
    void searchTrip();
  });
});
