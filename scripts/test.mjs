// `npm test`: builds, runs every test (worker tests in workerd, component and unit tests, browser tests on
// Debian Chromium) and ends with the plain line "N passed, N failed" that CI reads.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync, rmSync } from "node:fs";
import { ensureChromium } from "./chromium.mjs";
import { deployDryRuns } from "./deploy-dry-run.mjs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", ASTRO_TELEMETRY_DISABLED: "1" };
const run = (cmd, args, extra = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extra } }).status ?? 1;

const chromium = ensureChromium();
mkdirSync("test-results", { recursive: true });
for (const f of ["test-results/vitest.json", "test-results/playwright.json", "test-results/playwright-demo-data.json"]) rmSync(f, { force: true });

if (run("npm", ["run", "build", "--silent"]) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// Type errors fail the run like a failing test (they are counted as one).
const typeStatus = run("npm", ["run", "typecheck", "--silent"]);
// The deploy configuration builds, production and a preview (issue 31): each dry run counts as one test.
const dryRuns = await deployDryRuns().catch((error) => [{ name: "deploy build", ok: false, error: console.error(error) }]);
const vitestStatus = run("vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
// Two passes, each on a fresh server with the demo data as seeded (playwright.config.ts): the tests of the demo data
// itself, then everything else.
const E2E_REPORTS = ["test-results/playwright-demo-data.json", "test-results/playwright.json"];
const e2eStatus = Math.max(
  run("playwright", ["test", "--project", "demo-data"], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON: E2E_REPORTS[0] }),
  run("playwright", ["test", "--project", "main", "--project", "restart"], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON: E2E_REPORTS[1] }),
);

// Issue 32: on CI, the Lighthouse sample of the sweep (/ar/, /ku/visa/, /ar/admin/transactions/; median of 3) is
// measured after the tests and its table printed: figures to read, not a test (a shared host's timings are not pass or
// fail). The full sweep is `npm run bench -- lighthouse-sweep`.
if (env.CI) {
  console.log("\nLighthouse sample (issue 32; figures, not a test):");
  if (run("node", ["tests/bench/run.mjs", "lighthouse-sample"], { CHROME_PATH: chromium }) === 0 && existsSync("tests/bench/results/lighthouse-sample.md")) {
    console.log(readFileSync("tests/bench/results/lighthouse-sample.md", "utf8"));
  } else console.log("Lighthouse sample: could not be measured on this host (see above); the tests' result stands.");
}

let passed = 0;
let failed = 0;
if (existsSync("test-results/vitest.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that failed to load has no tests counted: count it as a failure.
  failed += (report.testResults ?? []).filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
} else failed += 1;
for (const file of E2E_REPORTS) {
  if (!existsSync(file)) {
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const { stats } = report;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  // A test that failed, then passed when run again (CI runs each failed test once more): named, not hidden.
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === "flaky") flaky.push(`${spec.file}:${spec.line} ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if (flaky.length) console.log(`\n${flaky.length} browser test(s) passed only on their second run:\n${flaky.map((f) => `  ${f}`).join("\n")}`);
}
if (typeStatus !== 0) failed += 1;
for (const dryRun of dryRuns) dryRun.ok ? (passed += 1) : (failed += 1);
if ((vitestStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
