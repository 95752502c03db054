import type { Country } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { emojiFlagsSupported } from "../../components/Flag";
import { sortCountries } from "./country-order";
import { localized } from "./format";
import type { Loadable } from "./loadable";

/** The enabled countries as <option>s, in the page language's alphabetical order (flag first where it draws). */
export function CountryOptionList({ countries, locale }: { countries: Loadable<readonly Country[]>; locale: Locale }) {
  if (countries.status !== "ready") return null;
  return (
    <>
      {sortCountries(countries.data, locale).map((country) => (
        <option key={country._id} value={country._id}>
          {emojiFlagsSupported() ? `${country.flag} ${localized(country.name, locale)}` : localized(country.name, locale)}
        </option>
      ))}
    </>
  );
}
