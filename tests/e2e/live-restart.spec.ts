/**
 * The hub's reconnect (issue 13): the agent's page reconnects after its server is stopped and started again, and
 * shows what it missed. Its own project in playwright.config.ts runs it after every other browser test: it stops and
 * starts a wrangler dev of its own. After the other tests it once missed its toast: an Arabic journey had left Arabic
 * as Tigris's saved language, so the English page got its events in Arabic. The site's language in use now becomes the
 * saved one (services/events.ts readerLocale); the test sets Arabic as saved while the server is down to keep it so.
 * It later failed every time the page had not yet renewed its 5-second token before the stop: the renewal's code was
 * first fetched while the server was down, and Chromium keeps a failed module for the page's life, so the page retried
 * its sockets with a dead token for good. The live client now loads that code while the server answers (start.ts).
 */
import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { ownServer, signInAt } from "./own-server";

test.describe.configure({ timeout: 180_000 });

test("the agent's page reconnects after the server restarts, then shows the event it missed", async ({ browser }) => {
  const server = ownServer("restart");
  await server.start();
  try {
    const context = await browser.newContext();
    await signInAt(server.base, context, "tigris");
    const page = await context.newPage();
    // Every toast the page ever shows, with when (a toast lives 5 s: the reconnect may come while the test still waits).
    await page.addInitScript(() => {
      const seen: { text: string; at: number }[] = ((window as unknown as { __toasts: unknown }).__toasts = []) as never;
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('[data-testid="toaster"] li')) {
          const text = li.textContent ?? "";
          if (!seen.some((s) => s.text === text)) seen.push({ text, at: Date.now() });
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // The live client's own notes (a failed catch-up says so at debug level): printed, to explain a failure.
    page.on("console", (m) => {
      if (m.text().startsWith("live:")) console.log(`agent page: ${m.text()}`);
    });
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.goto(`${server.base}/en/`);
    await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

    await server.stop();
    // Marked only now that no socket can be subscribed: a "ready" from before the stop (the hub's sweep closes sockets
    // whose 5-second tokens ran out, and the page resubscribes) must not count as the reconnect.
    await page.evaluate(() => delete document.documentElement.dataset.live);
    // While the server is down, an event is written for Tigris straight into its database: no hub ever sends it.
    const stamp = Date.now().toString(36);
    const now = new Date().toISOString();
    const id = `0193b000-0000-7000-8000-${stamp.padStart(12, "0").slice(-12)}`;
    // Also: Tigris signed in in Arabic somewhere meanwhile (saved language Arabic); this page is English and stays so.
    const sql = `UPDATE agents SET locale = 'ar' WHERE id = '0193a000-0000-7000-8000-00000000c002'; INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
      VALUES ('${id}', 'agency', '0193a000-0000-7000-8000-00000000c002', 'event.created', 'Missed while away ${stamp}', 'فاتك ${stamp}', 'لەدەستچوو ${stamp}', 'Sent during the restart', 'أُرسل أثناء إعادة التشغيل', 'لە کاتی دەستپێکردنەوەدا نێردرا', '{}', NULL, 0, NULL, '${now}', '${now}')`;
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-restart", "--command", sql], { stdio: "ignore", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
    await server.start();

    // The page finds its way back by itself (backoff), subscribes again and fetches what it missed (a freshly started
    // server on a busy two-core machine can take several seconds for its first calls: hence the generous waits).
    // Backoff: at most 30 s (with jitter) between attempts, plus the cold start.
    await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 90_000 });
    const restartedAt = Date.now();
    await expect
      .poll(async () => page.evaluate((title) => (window as unknown as { __toasts: { text: string; at: number }[] }).__toasts.find((t) => t.text.includes(title))?.at ?? 0, `Missed while away ${stamp}`), { timeout: 30_000 })
      .toBeGreaterThan(restartedAt - 60_000);
    await expect(page.getByTestId("home-event").filter({ hasText: `Missed while away ${stamp}` })).toBeVisible({ timeout: 15_000 });
    // The same page all along: the socket came back, the page was never reloaded (no trip to the browser's error page).
    expect(navigations).toEqual([`${server.base}/en/`]);
    await context.close();
  } finally {
    await server.stop();
  }
});
