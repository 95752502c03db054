/**
 * The app's HTTP client: src/lib/http.ts wired to the browser session (cookies of DESIGN §3), the toasts and
 * the spec §4 logout (src/lib/sign-out.ts). The refresh token itself is an HttpOnly cookie the edge fills
 * into the refresh call. Dependencies go one way: session.store.ts uses this client, never the reverse.
 */
import { readCookie } from "./cookies";
import { createHttp } from "./http";
import { isLocale, DEFAULT_LOCALE, type Locale } from "../shared/locales";
import { AUTH_COOKIES } from "./session";
import { notifyError } from "./toast";
import { takeFirstData } from "./first-data";

const locale = (): Locale => {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.dataset.locale;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
};

export { notifyError };

export const api = createHttp({
  baseURL: import.meta.env.PUBLIC_API_BASE ?? "/api",
  accessToken: () => readCookie(AUTH_COOKIES.accessToken),
  // Loaded on the first 401 that needs it (issue 9): most pages never refresh.
  refresh: (kind) => import("./refresh").then(({ refreshSession }) => refreshSession(kind)),
  // Loaded on use: a failed refresh is rare.
  logout: (kind, why) => void import("./sign-out").then(({ endSession }) => endSession({ kind, locale: locale(), why })),
  notifyError,
  firstData: takeFirstData,
});
