/** The destination countries agents choose from (filters of /visa and /visa/available-visa): enabled ones only. */
import type { Country } from "../../contract/catalogue";
import { fetchCountries } from "./api";
import { loadableStore } from "./loadable";

export { sortCountries } from "./country-order";

export const $countries = loadableStore<Country[]>(async () => (await fetchCountries()).filter((country) => country.enabled));
