/** Helpers of the specs of pages the edge draws (issue 9): the agent's page with the scripts it loads. */
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs, type AccountName } from "./helpers";

/** A demo account's page (the agent's unless told), with the path of every script it requests (which code it loads). */
export async function agentPage(browser: Browser, options: BrowserContextOptions = {}, account: AccountName = "agent") {
  const context = await browser.newContext(options);
  await signInAs(context, account);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, scripts };
}

/** Scripts among `scripts` whose bundle name matches `names` (React, an island, its mount). */
export const loaded = (scripts: readonly string[], names: RegExp) => scripts.filter((path) => names.test(path.replace(/^\/_astro\//, "")));

/**
 * Holds back the scripts whose bundle name matches `names` (as on a slow line) until `release()` is called: what the
 * reader does meanwhile happens on the drawn page.
 */
export async function holdBack(page: Page, names: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.startsWith("/_astro/") && names.test(url.pathname.slice("/_astro/".length)), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * A bearer token of the demo agent for API calls a test makes as that viewer. Access tokens live 5 s in these tests,
 * so the agent signs in again (into the same cookie jar) and the token is read at once.
 */
export async function bearerOf(page: Page): Promise<string> {
  await signInAs(page.context(), "agent");
  const token = (await page.context().cookies(BASE_URL)).find((cookie) => cookie.name === "auth.accessToken")?.value;
  expect(token, "signed in").toBeTruthy();
  return token!;
}

/**
 * No island's code at start (`islands`: their bundle names, edge-view-mount included) and no React, not even when a
 * live toast arrives meanwhile (another test filing, ordering or moving this agency's money): the toaster draws
 * without React.
 */
export function expectNoIslandAtStart(scripts: readonly string[], islands: RegExp, what: string): void {
  expect(loaded(scripts, islands), what).toEqual([]);
  expect(loaded(scripts, /^(react|client)\./), `${what}: no React`).toEqual([]);
}
