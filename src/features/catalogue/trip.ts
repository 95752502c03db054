/** The trip of /visa/available-visa as an address (?country=&mode=): plain functions the store and the edge share. */
import type { VisaSummary } from "../../contract/catalogue";
import type { Loadable } from "./loadable";
import type { TravelMode } from "./visa-list-query";

export interface TripChoice {
  countryId: string;
  travelMode: TravelMode;
}

/** "idle" until a destination is chosen. */
export type AvailableState = Loadable<VisaSummary[]> | { status: "idle" };

/** The choice from an address's query string. */
export function tripFromSearch(search: string): TripChoice {
  const params = new URLSearchParams(search);
  const country = params.get("country") ?? "";
  return {
    countryId: /^[A-Za-z0-9_-]{1,64}$/.test(country) ? country : "",
    travelMode: params.get("mode") === "Land" ? "Land" : "Air",
  };
}

/** The `visa/searchAvailableVisa` call for a trip (null: no destination chosen yet). */
export const tripPathOf = (trip: TripChoice): string | null =>
  trip.countryId ? `visa/searchAvailableVisa/${encodeURIComponent(trip.countryId)}/${trip.travelMode}` : null;
