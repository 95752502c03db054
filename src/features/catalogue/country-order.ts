import type { Country } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { collator, localized } from "./format";

/** Countries in the alphabetical order of the page's language. */
export function sortCountries(countries: readonly Country[], locale: Locale): Country[] {
  const compare = collator(locale);
  return [...countries].sort((a, b) => compare.compare(localized(a.name, locale), localized(b.name, locale)));
}
