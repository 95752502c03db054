/** The destination countries agents choose from (filters of /visa and /visa/available-visa): enabled ones only. */
import type { Country } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { fetchCountries } from "./api";
import { collator, localized } from "./format";
import { loadableStore } from "./loadable";

export const $countries = loadableStore<Country[]>(async () => (await fetchCountries()).filter((country) => country.enabled));

/** Countries in the alphabetical order of the page's language. */
export function sortCountries(countries: readonly Country[], locale: Locale): Country[] {
  const compare = collator(locale);
  return [...countries].sort((a, b) => compare.compare(localized(a.name, locale), localized(b.name, locale)));
}
