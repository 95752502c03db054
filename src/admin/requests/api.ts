/** The admin's visa request calls (spec §7 paths under /api; shapes of src/contract/requests.ts). */
import type { Visa, VisaSummary } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import type { StatusChangeInput, VisaRequest, VisaRequestSummary } from "../../contract/requests";
import { api } from "../../lib/api";
import type { Country } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { optionsOf, wholeList } from "../kit/options";
import { localized, type OptionsSource } from "../kit/resource";
import { catalogueEndpoints, type HttpLike, type ResourceEndpoints } from "../kit/resource.store";

const enc = encodeURIComponent;

/** requests/list for the tables, requests/one-by-admin/{id} for one; requests are never created or deleted here. */
export const requestEndpoints: ResourceEndpoints = catalogueEndpoints("requests", {
  list: "requests/list",
  one: (id) => `requests/one-by-admin/${enc(id)}`,
});

export const exportListPath = (format: string) => `requests/export-list/${format}`;
export const detailPath = (locale: string, id: string) => `/${locale}/admin/requests/${enc(id)}/`;

export const fetchRequest = (id: string, http: HttpLike = api) => http.get<VisaRequest>(requestEndpoints.one(id));

/** PATCH requests/{id}: a status change (409 names the allowed moves when the request moved meanwhile). */
export const changeStatus = (id: string, input: StatusChangeInput, http: HttpLike = api) => http.patch<VisaRequest>(`requests/${enc(id)}`, input);

export const uploadDocumentPath = (id: string) => `requests/upload-document/${enc(id)}`;

/** DELETE requests/remove-document/{id}/{docId}: a result document the admin attached. */
export const removeDocument = (id: string, docId: string, http: HttpLike = api) => http.delete<VisaRequest | unknown>(`requests/remove-document/${enc(id)}/${enc(docId)}`);

/** The visa with its requirements (the documents an admin may ask for). */
export const fetchVisa = (id: string, http: HttpLike = api) => http.get<Visa>(`visa/one/${enc(id)}`);

/** The calls of the visa and country filters' choices (the edge draws the pickers from the same; issue 32). */
export const VISAS_CALL = "visa/list";
export const VISAS_QUERY = { limit: 100 } as const;
export const COUNTRIES_CALL = "countries/complete-list";

/** Every visa as filter options, country first ("Türkiye · Tourist visa"). */
export const visaChoices = (rows: VisaSummary[], locale: Locale) =>
  optionsOf(rows, (v) => `${localized(v.country.name, locale)} · ${localized(v.title, locale)}`, locale);
export const visaOptions: OptionsSource = {
  load: async (locale) => visaChoices(await wholeList<VisaSummary>(VISAS_CALL, VISAS_QUERY), locale),
};

/** Every country as filter options (the names only: a filter needs no flag pictures). */
export const countryChoices = (rows: Country[], locale: Locale) => optionsOf(rows, (c) => c.name, locale);
export const countryOptions: OptionsSource = {
  load: async (locale) => countryChoices(await wholeList<Country>(COUNTRIES_CALL), locale),
};

export type RequestList = ListResponse<VisaRequestSummary>;
