import type { BrowserContext } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

export const LOCALES = ["en", "ar", "ku"] as const;
export const HTML_ATTRS = { en: { lang: "en", dir: "ltr" }, ar: { lang: "ar", dir: "rtl" }, ku: { lang: "ckb", dir: "rtl" } } as const;

/** Stand-in session cookies until sign-in exists: the guard only checks their presence. */
export async function signInAs(context: BrowserContext, kind: "agent" | "admin") {
  const cookies = [{ name: "auth.accessToken", value: "e2e-token", url: BASE_URL }];
  if (kind === "admin") cookies.push({ name: "auth.isAdmin", value: "1", url: BASE_URL });
  await context.addCookies(cookies);
}
