/**
 * Issue 26 item 2: one format per language. Every route of the route table in Arabic and Kurdish, signed in as the
 * person it is for, after a news item, a top-up (a balance event in the bell) and a request change exist: no Latin
 * digit in the visible text, except inside references, emails and other isolated Latin tokens (a token with a Latin
 * letter: "VR-2026-000001", a passport number, "agent@sunrise.example"; or marked `data-latin`: a short record id,
 * a phone number as typed). The bell's list is opened too.
 */
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ROUTES } from "../../src/shared/routes";
import { Api, signInAs, typeDate } from "./helpers";
import { pathOf, who } from "./route-samples";

test.describe.configure({ timeout: 90_000 });

/** Visible text tokens with a Latin digit and no Latin letter, with where they are. */
export async function latinDigits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !/[0-9]/.test(node.textContent ?? "")) continue;
      // [data-latin]: an isolated Latin token the product shows as it is (a record's reference, a phone number as typed).
      if (parent.closest("script, style, template, [hidden], .sr-only, [data-latin]") || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // A token is what sits between spaces (and bidi marks); one with a Latin letter is a reference, an email, a code.
      for (const token of (node.textContent ?? "").split(/[\s\u200e\u200f\u2066-\u2069\u061c]+/)) {
        if (/[0-9]/.test(token) && !/[A-Za-z]/.test(token)) {
          const where = parent.closest("[data-testid]")?.getAttribute("data-testid") ?? parent.tagName.toLowerCase();
          found.push(`"${token}" in ${where}: "${(node.textContent ?? "").trim().slice(0, 60)}"`);
        }
      }
    }
    return [...new Set(found)].slice(0, 12);
  });
}

/**
 * Date fields the browser draws in its own language: a native <input type="date"> shows "mm/dd/yyyy" (or the date in
 * Latin digits) in an English-interface browser whatever the page's language, inside its shadow tree where the text
 * walk above cannot see it. An ar/ku page has none; its date fields (components/ui/DateField) write their parts as text.
 */
export async function browserDrawnDates(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = [...document.querySelectorAll<HTMLInputElement>('input[type="date"], input[type="datetime-local"], input[type="month"]')]
      .filter((input) => input.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((input) => `native ${input.type} ${input.dataset.testid ?? input.name ?? input.id}`);
    for (const part of document.querySelectorAll<HTMLElement>('[role="spinbutton"][data-part]')) {
      if (/[0-9]|mm|dd|yyyy/i.test(part.textContent ?? "")) found.push(`date part "${part.textContent}" in ${part.closest("[data-testid]")?.getAttribute("data-testid")}`);
    }
    return found;
  });
}

test.beforeAll(async () => {
  // What the news box, the bell and the statement show: a news item, a top-up with a note.
  const admin = await Api.as("admin");
  await admin.call("POST", "news-feed", {
    data: {
      title: { en: "Office hours 9 to 5", ar: "ساعات الدوام", ku: "کاتەکانی کارکردن" },
      message: { en: "<p>Closed on the 25th.</p>", ar: "<p>مغلق يوم الجمعة.</p>", ku: "<p>ڕۆژی هەینی داخراوە.</p>" },
    },
  });
  const sunrise = "0193a000-0000-7000-8000-00000000c001";
  await admin.call("POST", `transactions/update-balance/${sunrise}`, { data: { operation: "ADD", amount: 12_345, note: "Top-up" } });
  await admin.dispose();
});

for (const route of ROUTES) {
  for (const locale of ["ar", "ku"] as const) {
    test(`${locale} ${route.id} writes its numbers in the page's digits`, async ({ page, context }) => {
      const account = who(route);
      if (account) await signInAs(context, account);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(pathOf(route, locale), { timeout: 60_000 });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      expect(await latinDigits(page), page.url()).toEqual([]);
      expect(await browserDrawnDates(page), page.url()).toEqual([]);
      // The bell's list: events with their dates and amounts.
      const bell = page.getByTestId("live-bell");
      if (await bell.isVisible()) {
        await bell.click();
        await page.waitForTimeout(300);
        expect(await latinDigits(page), `${page.url()} with the bell open`).toEqual([]);
      }
    });
  }
}

for (const locale of ["ar", "ku"] as const) {
  test(`${locale}: a date typed in the filing form is written in the page's digits and order`, async ({ page, context }) => {
    await signInAs(context, "agent");
    await page.goto(`/${locale}/visa/0193a000-0000-7000-8000-000000030001/request/`);
    await expect(page.getByTestId("field-TravelDate-field")).toBeVisible({ timeout: 30_000 });
    // Typed in Latin digits (a keyboard left in English): shown day/month/year in Arabic-Indic digits, sent as ISO.
    await typeDate(page, "field-TravelDate", "2031-03-04");
    await expect(page.getByTestId("field-TravelDate-field").getByRole("spinbutton")).toHaveText(["٠٤", "٠٣", "٢٠٣١"]);
    const day = page.getByTestId("field-TravelDate-field").locator('[data-part="day"]');
    await expect(day).toHaveAttribute("aria-valuetext", "٠٤");
    await expect(day).toHaveAttribute("aria-label", locale === "ar" ? "اليوم" : "ڕۆژ");
    expect(await latinDigits(page)).toEqual([]);
    expect(await browserDrawnDates(page)).toEqual([]);
    // The calendar writes its days and month in the page's digits too.
    await page.getByTestId("field-TravelDate-calendar").click();
    await expect(page.getByTestId("date-calendar")).toBeVisible();
    expect(await latinDigits(page)).toEqual([]);
    // The field and its open calendar: nothing serious for axe.
    const axe = await new AxeBuilder({ page }).include('[data-testid="field-TravelDate-field"]').include('[data-testid="date-calendar"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.keyboard.press("ArrowLeft"); // right to left: the next day
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("field-TravelDate")).toHaveValue("2031-03-05");
  });
}
