/** The catalogue calls an agent's pages make (spec §7; shapes of src/contract/catalogue.ts). */
import type { BalanceResponse } from "../../contract/auth";
import type { Country, Theme, Visa, VisaSummary } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";

export { TRAVEL_MODE_LIST, type TravelMode, type VisaListQuery } from "./visa-list-query";
import type { TravelMode, VisaListQuery } from "./visa-list-query";

/** A whole-list answer may come as a bare array or as the list envelope: both mean "these rows". */
export function rows<T>(answer: T[] | ListResponse<T> | { data: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.data;
}

/** GET visa/list: one page of the visas this agent may see, with this agent's price. */
export function fetchVisaList(query: VisaListQuery): Promise<ListResponse<VisaSummary>> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.search) params.search = query.search;
  if (query.countryId) params.countryId = query.countryId;
  if (query.travelMode) params.travelMode = query.travelMode;
  if (query.featured !== undefined) params.featured = String(query.featured);
  return api.get<ListResponse<VisaSummary>>("visa/list", { query: params });
}

/** GET visa/featured: the first `limit` featured visas (the API allows at most 100). */
export const fetchFeaturedVisas = async (limit: number): Promise<VisaSummary[]> =>
  rows(await api.get<VisaSummary[] | ListResponse<VisaSummary>>("visa/featured", { query: { limit } }));

/** GET visa/latest: the `limit` newest visas. */
export const fetchLatestVisas = async (limit: number): Promise<VisaSummary[]> =>
  rows(await api.get<VisaSummary[] | ListResponse<VisaSummary>>("visa/latest", { query: { limit } }));

/** GET visa/searchAvailableVisa/{countryId}/{Air|Land} */
export const searchAvailableVisas = async (countryId: string, mode: TravelMode): Promise<VisaSummary[]> =>
  rows(
    await api.get<VisaSummary[] | ListResponse<VisaSummary>>(
      `visa/searchAvailableVisa/${encodeURIComponent(countryId)}/${mode}`,
    ),
  );

/** GET visa/one/{id}: a visa with its content and requirements; 404 when unknown or hidden from the agent's group. */
export const fetchVisa = (id: string): Promise<Visa> => api.get<Visa>(`visa/one/${encodeURIComponent(id)}`);

/** GET countries/complete-list: every country (the agent's pages keep the enabled ones). */
export const fetchCountries = async (): Promise<Country[]> =>
  rows(await api.get<Country[] | ListResponse<Country>>("countries/complete-list"));

/** GET theme/all?active=true: the active theme (its banners make the home page's carousel). */
export const fetchActiveTheme = async (): Promise<Theme | null> =>
  rows(await api.get<Theme[] | ListResponse<Theme>>("theme/all", { query: { active: "true" } }))[0] ?? null;

/** GET agents/balance: the agency's balance (agencies only; staff never see money, DESIGN §3). */
export const fetchBalance = (): Promise<BalanceResponse> => api.get<BalanceResponse>("agents/balance");
