// Browser tests on Debian's Chromium (never a downloaded browser: the network here only reaches the registries).
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8790);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  // This host has 2 cores shared by 2 browsers, wrangler and workerd: a step that takes 1–2 s alone can take 6–8 s in
  // the full run. Expectations get 10 s (Playwright's 5 s failed such steps), and under CI a test that fails is run
  // once more: `npm test` names every test that only passed the second time ("flaky"), so none goes unseen.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // npm test runs the suite in two passes (scripts/test.mjs), each with its own report file.
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON ?? "test-results/playwright.json" }]],
  // The server-restart test stops and starts a wrangler dev of its own: it runs alone, after everything else.
  // Tests that read what the product writes about its own demo data (every route's digits, the demo's news and
  // events) need the demo data as seeded: other tests add agencies, groups, news and notes typed with Latin digits and
  // push the demo items out of the home page's boxes. npm test runs them in a pass of their own first, on a fresh
  // server (scripts/test.mjs); a failure there does not keep the other pass from running.
  projects: [
    { name: "demo-data", testMatch: /(digits|demo-data)\.spec\.ts$/ },
    { name: "main", testIgnore: /(live-restart|digits|demo-data)\.spec\.ts$/ },
    { name: "restart", testMatch: /live-restart\.spec\.ts$/, dependencies: ["main"] },
  ],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    // The real product: the built pages behind the real worker, local D1 with the migrations applied.
    // Demo data loaded as by `npm start`; access tokens live 5 s so tests see a refresh at the edge.
    command: `rm -rf .wrangler/e2e && wrangler d1 migrations apply DB --local --persist-to .wrangler/e2e && node scripts/seed.mjs --persist-to .wrangler/e2e && wrangler dev --ip 127.0.0.1 --port ${PORT} --persist-to .wrangler/e2e --var APP_ENV:test --var ACCESS_TOKEN_TTL:5`,
    url: `${BASE_URL}/api`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { WRANGLER_SEND_METRICS: "false", CI: "true" },
  },
});
