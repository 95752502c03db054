import type { Locale } from "../../shared/locales";
import { $countries, sortCountries } from "./countries.store";
import { emojiFlagsSupported } from "../../components/Flag";
import { localized } from "./format";
import { useHydratedStore } from "./use-store";

/** The enabled countries as <option>s, in the page language's alphabetical order (flag first). */
export function CountryOptions({ locale }: { locale: Locale }) {
  const countries = useHydratedStore($countries);
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
