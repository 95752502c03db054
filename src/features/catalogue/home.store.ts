/**
 * The agent's home page: the agency's balance, featured and latest visas (the banners are banners.client.ts).
 * Each part loads on its own, so a slow one never holds the others back.
 */
import type { BalanceResponse } from "../../contract/auth";
import type { VisaSummary } from "../../contract/catalogue";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES } from "../../shared/auth-cookies";
import { fetchBalance, fetchFeaturedVisas, fetchLatestVisas } from "./api";
import { loadableStore } from "./loadable";

import { HOME_VISA_COUNT } from "./home-visa-count";

export { HOME_VISA_COUNT };

/**
 * The balance, for agencies only: staff members never see money (DESIGN §3) and admins have none, so for them it
 * is null and the page offers the visa search in its place.
 */
export const $balance = loadableStore<BalanceResponse | null>(async () => {
  const kind = readCookie(AUTH_COOKIES.kind);
  return kind === "User" || kind === "Admin" ? null : fetchBalance();
});

/** The home page's rows: a few featured and the newest visas. */
export const $homeFeatured = loadableStore<VisaSummary[]>(() => fetchFeaturedVisas(HOME_VISA_COUNT));
export const $latestVisas = loadableStore<VisaSummary[]>(() => fetchLatestVisas(HOME_VISA_COUNT));

/** Every featured visa (/featured; the API's largest page). */
export const $featuredVisas = loadableStore<VisaSummary[]>(() => fetchFeaturedVisas(100));
