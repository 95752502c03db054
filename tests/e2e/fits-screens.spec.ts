/**
 * Issue 26 item 3: every route fits a 390 px phone and a 1280–1366 px laptop, in every language. Each route of the
 * route table, signed in as the person it is for, in en, ar and ku:
 * - at 390 × 844 the page never scrolls sideways (the widest things sticking out are named when it does);
 * - at 1280 and 1366 px no navigation item of the header or the admin sidebar is cut off: every link drawn is whole
 *   inside the screen and inside whatever clips it, and a link not drawn in the bar is in the "more" menu, whose
 *   button is on the screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { ROUTES } from "../../src/shared/routes";
import { LOCALES, signInAs } from "./helpers";
import { pathOf, who } from "./route-samples";

test.describe.configure({ timeout: 90_000 });

/** How far the page reaches past the screen's width, and the outermost elements that stick out. */
async function sideways(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const overflow = Math.max(root.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
        // Inside a box that scrolls or clips by itself (a carousel, a table's scroller): not the page's width.
        let scrolls = false;
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== "visible") scrolls = true;
        }
        if (scrolls || getComputedStyle(element).clipPath !== "none" || getComputedStyle(element).clip !== "auto") continue;
        // Name only the outermost: its children stick out with it.
        if (element.parentElement && culprits.length && element.parentElement.closest("[data-sticks-out]")) continue;
        element.setAttribute("data-sticks-out", "");
        culprits.push(`${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ""}.${String(element.className).slice(0, 60)} ${Math.round(box.left)}..${Math.round(box.right)}`);
        if (culprits.length >= 6) break;
      }
    }
    return { overflow, culprits };
  });
}

/** Navigation links that are drawn but cut (by the screen or a clipping box), and the ones not drawn at all. */
async function clippedNavigation(page: Page): Promise<{ cut: string[]; undrawn: number; moreShown: boolean; links: number }> {
  return page.evaluate(() => {
    const navs = [...document.querySelectorAll<HTMLElement>("[data-testid=main-nav], [data-testid=admin-sidebar] nav")];
    const cut: string[] = [];
    let undrawn = 0;
    let links = 0;
    for (const nav of navs) {
      for (const link of nav.querySelectorAll<HTMLElement>("a")) {
        links++;
        if (!link.checkVisibility({ visibilityProperty: true })) {
          undrawn++;
          continue;
        }
        const box = link.getBoundingClientRect();
        let left = 0;
        let right = document.documentElement.clientWidth;
        for (let up = link.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === "visible") continue;
          const clip = up.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        const label = link.textContent?.trim() ?? "";
        if (box.left < left - 1 || box.right > right + 1) cut.push(`${label} (${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(left)}..${Math.round(right)})`);
        else if (link.scrollWidth > link.clientWidth + 1) cut.push(`${label} (text cut)`);
      }
    }
    const more = document.querySelector<HTMLElement>("[data-testid=nav-more]");
    const moreBox = more?.getBoundingClientRect();
    const moreShown = Boolean(more?.checkVisibility() && moreBox && moreBox.left >= 0 && moreBox.right <= document.documentElement.clientWidth);
    return { cut, undrawn, moreShown, links };
  });
}

for (const route of ROUTES) {
  for (const locale of LOCALES) {
    test(`${locale} ${route.id} fits 390 px, and its navigation 1280 and 1366 px`, async ({ page, context }) => {
      const account = who(route);
      if (account) await signInAs(context, account);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(pathOf(route, locale), { timeout: 60_000 });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      const phone = await sideways(page);
      expect(phone.overflow, `${page.url()} at 390 px sticks out by ${phone.overflow} px: ${phone.culprits.join(" | ")}`).toBeLessThanOrEqual(0);

      for (const width of [1280, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        const nav = await clippedNavigation(page);
        expect(nav.cut, `${page.url()} at ${width} px: navigation items cut`).toEqual([]);
        if (nav.undrawn > 0) expect(nav.moreShown, `${page.url()} at ${width} px: ${nav.undrawn} links hidden and no "more" button`).toBe(true);
        const wide = await sideways(page);
        expect(wide.overflow, `${page.url()} at ${width} px: ${wide.culprits.join(" | ")}`).toBeLessThanOrEqual(0);
      }
    });
  }
}
