/**
 * Prefetch that pays (issue 27 item 6), in Debian's Chromium against the real worker. Every request the edge gets passes
 * a counting door (tests/bench/edge-counter.mjs). A page view asks the edge for nothing but itself; a link the pointer
 * rests on is fetched once (Sec-Purpose: prefetch), and the click is served from that answer: Navigation Timing says
 * `navigational-prefetch` and the edge sees no second request for the page. A prefetch that would need a token refresh
 * is declined, and the click then signs nobody out.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { edgeCounter, pageRequests } from "../bench/edge-counter.mjs";
import { signInAs } from "./helpers";

interface Seen { method: string; path: string; purpose: string; dest: string; status: number }
type Door = { url: string; seen: Seen[]; clear(): void; close(): Promise<void> };

let door: Door;
test.beforeAll(async () => {
  door = (await edgeCounter(BASE_URL)) as Door;
});
test.afterAll(async () => door.close());

const pagesSeen = (): Seen[] => pageRequests(door.seen) as Seen[];
const deliveryType = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType ?? "");
/** The live client's catch-up calls (events since a moment): made after a reconnect, or for a stale prefetched page. */
const catchUps = () => door.seen.filter((r) => r.path.startsWith("/api/events/all") && r.path.includes("since=")).map((r) => r.path);
/** The page's rules are live (1000 ms after start, spec §9). */
const rulesLive = (page: Page) => expect(page.locator('head script[type="speculationrules"]')).toHaveCount(1);

test("a link the pointer rests on is prefetched once, and the click is served from it with no second request to the edge", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_locale", value: "ar", url: door.url }]);
  await signInAs(context, "agent");
  door.clear();
  await page.goto(`${door.url}/ar/`);
  await rulesLive(page);
  await page.waitForTimeout(1500);
  // A page view: the page itself, no prefetch of the ~9 links in view.
  expect(pagesSeen().map((r) => r.path)).toEqual(["/ar/"]);

  // Access tokens live 5 s in these tests: a fresh session, so the prefetch below needs no refresh.
  await signInAs(context, "agent");
  const link = page.locator('header a[href="/ar/requests/"]:visible').first();
  await link.hover();
  await expect.poll(() => pagesSeen().filter((r) => r.path === "/ar/requests/").map((r) => r.purpose)).toEqual(["prefetch"]);
  await link.click();
  await expect(page).toHaveURL(/\/ar\/requests\/$/);
  await expect(page.getByTestId("requests-list").or(page.getByTestId("edge-drawn")).first()).toBeVisible();
  expect(await deliveryType(page)).toBe("navigational-prefetch");
  // The edge drew the page once, for the prefetch; the click asked it for nothing.
  expect(pagesSeen().filter((r) => r.path === "/ar/requests/").map((r) => r.purpose)).toEqual(["prefetch"]);
  // Fresh (fetched a moment before the click): the page, once live, reads nothing again.
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready");
  expect(catchUps()).toEqual([]);
});

test("a page prefetched long before the click reads what it shows again once it is live", async ({ page, context }) => {
  test.setTimeout(75_000);
  await signInAs(context, "agent");
  await page.goto(`${door.url}/en/`);
  await rulesLive(page);
  await signInAs(context, "agent");
  door.clear();
  const link = page.locator('header a[href="/en/requests/"]:visible').first();
  await link.hover();
  await expect.poll(() => pagesSeen().map((r) => `${r.path} ${r.purpose} ${r.status}`)).toEqual(["/en/requests/ prefetch 200"]);
  // The reader keeps the pointer there past PREFETCH_STALE_MS (30 s), then clicks: the drawn page is that old.
  await page.waitForTimeout(31_000);
  await link.click();
  await expect(page).toHaveURL(/\/en\/requests\/$/);
  expect(await deliveryType(page)).toBe("navigational-prefetch");
  // As after a reconnect: what was missed is asked for (events since the page started) and every followed view reloads.
  await expect.poll(catchUps, { timeout: 20_000 }).not.toEqual([]);
});

test("language links and the page itself are never prefetched", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.goto(`${door.url}/en/visa/`);
  await rulesLive(page);
  await signInAs(context, "agent");
  door.clear();
  await page.getByTestId("language-button").click();
  await page.locator('[data-locale-link="ar"]').hover();
  await page.waitForTimeout(1000);
  await page.locator('header a[aria-current="page"]:visible').first().hover();
  await page.waitForTimeout(1000);
  expect(pagesSeen()).toEqual([]);
  // The locale cookie is still English: hovering a language link changed nothing.
  expect((await context.cookies(door.url)).find((c) => c.name === "i18n_locale")?.value).not.toBe("ar");
});

test("a prefetch that would need a token refresh is declined; the click refreshes and the agency stays signed in", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.goto(`${door.url}/en/`);
  await rulesLive(page);
  // The page's live start renews a token about to run out before it subscribes: done before the token is dropped.
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  // The access token has run out (they live 5 s here): only the refresh cookie is left. Dropped right before the
  // hover, so the page's own scripts cannot have refreshed it in between.
  const link = page.locator('header a[href="/en/requests/"]:visible').first();
  door.clear();
  await context.clearCookies({ name: "auth.accessToken" });
  await link.hover();
  await expect.poll(() => pagesSeen().map((r) => `${r.path} ${r.purpose} ${r.status}`)).toEqual(["/en/requests/ prefetch 503"]);
  await link.click();
  await expect(page).toHaveURL(/\/en\/requests\/$/);
  // Not from the prefetch (it was declined): a real request, refreshed at the edge, the page of a signed-in agency.
  expect(await deliveryType(page)).toBe("");
  expect(pagesSeen().map((r) => `${r.path} ${r.purpose} ${r.status}`)).toEqual(["/en/requests/ prefetch 503", "/en/requests/  200"]);
  await expect(page.getByTestId("sign-out")).toBeAttached();
  expect((await context.cookies(door.url)).some((c) => c.name === "auth.accessToken")).toBe(true);
});
