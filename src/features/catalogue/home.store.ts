/**
 * The agent's home page: the active theme's banners, the agency's balance, featured and latest visas.
 * Each part loads on its own, so a slow one never holds the others back.
 */
import type { BalanceResponse } from "../../contract/auth";
import type { ThemeBanner, VisaSummary } from "../../contract/catalogue";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES } from "../../lib/auth-cookies";
import { fetchActiveTheme, fetchBalance, fetchFeaturedVisas, fetchLatestVisas } from "./api";
import { loadableStore } from "./loadable";

/** How many visas each home section shows. */
export const HOME_VISA_COUNT = 6;

export const $banners = loadableStore<ThemeBanner[]>(async () => (await fetchActiveTheme())?.banners ?? []);

/** The balance, for agencies only: staff members of an agency never see money (DESIGN §3), so for them it is null. */
export const $balance = loadableStore<BalanceResponse | null>(async () =>
  readCookie(AUTH_COOKIES.kind) === "User" ? null : fetchBalance(),
);

/** Featured visas (also the whole content of /featured). */
export const $featuredVisas = loadableStore<VisaSummary[]>(fetchFeaturedVisas);

export const $latestVisas = loadableStore<VisaSummary[]>(fetchLatestVisas);
