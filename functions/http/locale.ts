/** Which language a visitor gets (spec §9, DESIGN §2): the URL prefix, else the locale cookie, else Accept-Language, else en. */
import {
  DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale, localeFromAcceptLanguage, type Locale,
} from "../../src/shared/locales";
import { serializeCookie } from "./cookies";

export function preferredLocale(cookies: Record<string, string>, acceptLanguage: string | null): Locale {
  const fromCookie = cookies[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** Splits "/ar/visa/x" into the locale and the rest ("visa/x"); null when the path has no locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; rest: string } | null {
  const match = /^\/([a-z]{2})(?:\/(.*))?$/.exec(pathname);
  if (!match || !isLocale(match[1])) return null;
  return { locale: match[1], rest: (match[2] ?? "").replace(/\/+$/, "") };
}

/** The Set-Cookie that remembers the page's language, or null when the cookie already says so. */
export function localeCookieUpdate(cookies: Record<string, string>, locale: Locale, secure: boolean): string | null {
  if (cookies[LOCALE_COOKIE] === locale) return null;
  return serializeCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "Lax", secure });
}
