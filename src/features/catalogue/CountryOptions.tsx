import type { Locale } from "../../shared/locales";
import { $countries } from "./countries.store";
import { CountryOptionList } from "./CountryOptionList";
import { useHydratedStore } from "./use-store";

/** The enabled countries as <option>s, from the countries store. */
export function CountryOptions({ locale }: { locale: Locale }) {
  return <CountryOptionList countries={useHydratedStore($countries)} locale={locale} />;
}
