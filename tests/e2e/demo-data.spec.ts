/**
 * Issue 27 item 7: after `npm start` a newcomer sees every page with content. The demo data (scripts/demo/) is what
 * the e2e server loads too; this checks what a person would notice: the home page's news (one with its banner) and
 * events in Arabic, a picture of its own on every catalogue card, a request in every status, and a ledger that
 * reconciles (the demo's own deposits explain every balance).
 */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

const STATUSES = ["Requested", "InProcess", "Canceled", "Modified", "Approved", "DocumentNeeded", "CorrectionNeeded", "Rejected", "Paid"];

test("the home page shows the demo news and events in Arabic, the banner of one news item included", async ({ page, context }) => {
  // Someone who reads the site in Arabic (events are written in the reader's language: the locale cookie says which).
  await context.addCookies([{ name: "i18n_locale", value: "ar", url: BASE_URL }]);
  await signInAs(context, "agent");
  await page.goto(`${BASE_URL}/ar/`);
  await expect(page.getByTestId("news-item").filter({ hasText: "ساعات عمل المكتب خلال العطلة" })).toHaveCount(1);
  const withBanner = page.getByTestId("news-item").filter({ hasText: "امسحوا الجوازات مباشرة من نموذج الطلب" });
  await expect(withBanner).toHaveCount(1);
  await expect(withBanner.getByRole("img", { name: "قارئ الجوازات في Visa Hub" })).toBeVisible();
  await expect(page.getByTestId("home-event").filter({ hasText: "مرحبًا بكم في Visa Hub" })).toHaveCount(1);
  await expect(page.getByTestId("home-event").filter({ hasText: "أسعار المجموعة الذهبية مفعّلة لديكم" })).toHaveCount(1);
  const news = await (await Api.as("agent")).call<{ data: { message: { ar: string } }[] }>("GET", "news-feed?limit=100");
  const banner = news.data.find((n) => n.message.ar.includes("<img"));
  // The passport banner's phone copy: the size a news column shows (issue 32).
  expect(banner?.message.ar).toMatch(/<img src="\/api\/files\/theme\/[^"]+\.webp"/);
  const picture = await page.request.get(`${BASE_URL}${/src="([^"]+)"/.exec(banner!.message.ar)![1]}`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/webp");
});

test("every catalogue card has a picture of its own", async ({ context }) => {
  await signInAs(context, "agent");
  const api = await Api.as("agent");
  const visas = await api.call<{ data: { _id: string; image: string | null }[] }>("GET", "visa/list?limit=100");
  const images = visas.data.map((v) => v.image);
  expect(images.length).toBeGreaterThanOrEqual(20);
  const demo = images.filter((i): i is string => Boolean(i) && /\/api\/files\/visa\//.test(i!));
  // Tests running alongside add visas of their own (without pictures); the demo's are all pictured and all different.
  expect(demo.length).toBeGreaterThanOrEqual(20);
  expect(new Set(demo).size).toBe(demo.length);
  const first = await context.request.get(`${BASE_URL}${demo[0]}`);
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("image/png");
  await api.dispose();
});

test("there is a demo request in every status, and the demo ledger reconciles", async () => {
  const admin = await Api.as("admin");
  for (const status of STATUSES) {
    const list = await admin.call<{ total: number; data: { reference: string }[] }>("GET", `requests/list?status=${status}&search=VR-2026-00000&limit=100`);
    expect(list.data.some((r) => /^VR-2026-0000\d\d$/.test(r.reference)), status).toBe(true);
  }
  const reconcile = await admin.call<{ mismatches: number }>("GET", "transactions/reconcile");
  expect(reconcile.mismatches).toBe(0);
  await admin.dispose();
});
