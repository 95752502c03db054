// passport: the passport reader's figures (issue 14), in Debian's Chromium against the real product (built dist/,
// wrangler dev, demo data, a signed-in agent on the filing form of a demo visa):
//   - bytes downloaded on first use of the reader: everything the page fetches after "Scan passport" is pressed
//     (lazy chunks, tesseract's worker + wasm core + model, and for a PDF pdf.js + its worker): the body bytes
//     Chromium received from wrangler dev (gzip where it compresses; unknown for a worker's own script), and gzip -9
//     of the same files from dist/ (the headline: what a compressing CDN sends; the model is gzip already);
//   - time to read one page: first use (download + engine start + read), then the median of 5 with the reader
//     reopened each time (the engine restarts from the browser's cache, as for the agent's next passport), and the
//     median of 5 with the engine running ("Try another picture");
//   - read rate over the synthetic set of the browser test (clean, rotated 3°, noisy, phone-size JPEG, PDF scan):
//     a read counts when name, passport number, both dates, nationality and sex are all right.
// Timings vary with the load on the machine's 2 shared cores; bytes do not.
//
//   npm run build && npm run bench -- passport
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startProduct } from "./product.mjs";

const VISA = "0193a000-0000-7000-8000-000000030001"; // the demo visa of the browser test (tests/e2e/passport-reader.spec.ts)
const RUNS = Number(process.env.PASSPORT_RUNS ?? 5);
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** Opens the reader, chooses `file`, waits for the result (or "unreadable"); answers the times and what was read. */
async function readOnce(page, file, { reopen = true } = {}) {
  if (reopen) {
    await page.getByTestId("passport-scan").click();
    await page.getByTestId("passport-dialog").waitFor();
  }
  const started = Date.now();
  await page.getByTestId("passport-file").setInputFiles(file);
  const result = page.getByTestId("passport-result");
  await result.or(page.getByTestId("passport-unreadable")).waitFor({ timeout: 180_000 });
  const ms = Date.now() - started;
  if (!(await result.isVisible())) return { ms, fields: null };
  const fields = await page.locator("[data-testid^=passport-field-]").evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.getAttribute("data-testid").replace("passport-field-", ""), el.getAttribute("data-value")])),
  );
  const attrs = await result.evaluate((el) => ({ ocrMs: Number(el.dataset.ms), engineMs: Number(el.dataset.engineMs), attempts: Number(el.dataset.attempts) }));
  return { ms, fields, ...attrs };
}

const closeReader = async (page) => {
  // Escape closes the dialog from every step (the result step has no Cancel button).
  await page.keyboard.press("Escape");
  await page.getByTestId("passport-dialog").waitFor({ state: "hidden" });
};

const correct = (fields, p) =>
  !!fields && fields.FullName === [...p.given, p.surname].join(" ") && fields.PassportNumber === p.number && fields.DateOfBirth === p.birth
  && fields.PassportExpiry === p.expiry && fields.Nationality === p.nationality && fields.Sex === p.sex;

export async function measurePassport({ distDir }) {
  // The fixtures are the browser test's own (TypeScript: Node 24 strips the types).
  const { passportFile, syntheticSet } = await import("../e2e/passport-fixtures.ts");
  const product = await startProduct();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  try {
    const context = await browser.newContext({ baseURL: product.url });
    const signIn = await context.request.post(`${product.url}/api/auth/loginAgent`, {
      data: { email: "agent@sunrise.example", password: "Agent#2026" },
      headers: { Origin: product.url },
    });
    if (!signIn.ok()) throw new Error(`demo agent sign-in failed: ${signIn.status()}`);
    const set = syntheticSet();
    const files = [];
    for (const item of set) files.push({ ...item, file: await passportFile(context, item.passport, item.variant) });
    const clean = files.find((f) => f.variant === "clean");
    const pdf = files.find((f) => f.variant === "pdf");

    const page = await context.newPage();
    await page.goto(`/en/visa/${VISA}/request/`);
    await page.getByTestId("passport-scan").waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");

    // Everything fetched from here on, API calls aside, is what the reader costs.
    const fetched = new Map();
    let phase = "image";
    page.on("requestfinished", async (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) return;
      const sizes = await request.sizes().catch(() => null);
      // A worker's own script reports no body size (0): shown as unknown rather than as a few header bytes.
      if (!fetched.has(url.pathname)) fetched.set(url.pathname, { phase, transfer: sizes?.responseBodySize || null });
    });

    const first = await readOnce(page, clean.file);
    await closeReader(page);
    const reopened = [];
    for (let i = 0; i < RUNS; i++) {
      reopened.push(await readOnce(page, clean.file));
      await closeReader(page);
    }
    const warm = [];
    await page.getByTestId("passport-scan").click();
    for (let i = 0; i < RUNS; i++) {
      warm.push(await readOnce(page, clean.file, { reopen: false }));
      await page.getByRole("button", { name: "Try another picture" }).click();
    }
    await closeReader(page);

    // The first PDF: pdf.js and its worker come on top.
    phase = "pdf";
    const pdfFirst = await readOnce(page, pdf.file);
    await closeReader(page);

    const rate = [];
    for (const { variant, passport, file } of files) {
      const read = await readOnce(page, file);
      rate.push({ variant, ok: correct(read.fields, passport), ms: read.ms, ocrMs: read.ocrMs, attempts: read.attempts });
      await closeReader(page);
    }
    await page.waitForTimeout(500); // late requestfinished events

    const downloads = [...fetched].map(([path, { phase, transfer }]) => {
      let raw = 0;
      let gzip = 0;
      try {
        const bytes = readFileSync(join(distDir, path));
        raw = bytes.length;
        gzip = path.endsWith(".gz") ? raw : gzipSync(bytes, { level: 9 }).length;
      } catch {}
      return { path, phase, transfer, raw, gzip };
    });
    const sum = (rows, key) => rows.reduce((a, r) => a + (r[key] ?? 0), 0);
    const image = downloads.filter((d) => d.phase === "image");
    const pdfOnly = downloads.filter((d) => d.phase === "pdf");
    return {
      machine: { cpus: cpus().length, load1: Number(loadavg()[0].toFixed(2)) },
      firstUse: { image: { transfer: sum(image, "transfer"), raw: sum(image, "raw"), gzip: sum(image, "gzip") }, pdfExtra: { transfer: sum(pdfOnly, "transfer"), raw: sum(pdfOnly, "raw"), gzip: sum(pdfOnly, "gzip") } },
      downloads,
      readOnePage: {
        firstUseMs: first.ms,
        firstUseEngineMs: first.engineMs,
        reopenedMedianMs: median(reopened.map((r) => r.ms)),
        reopenedMedianEngineMs: median(reopened.map((r) => r.engineMs)),
        warmMedianMs: median(warm.map((r) => r.ms)),
        warmMedianOcrMs: median(warm.map((r) => r.ocrMs)),
        runs: RUNS,
        pdfFirstUseMs: pdfFirst.ms,
      },
      readRate: { read: rate.filter((r) => r.ok).length, of: rate.length, cases: rate },
    };
  } finally {
    await browser.close();
    await product.stop();
  }
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

export function formatPassportMarkdown(r) {
  const lines = [
    "# Passport reader (issue 14)",
    "",
    `Debian Chromium, wrangler dev, ${r.machine.cpus} cores (load ${r.machine.load1} at the end). \`npm run build && npm run bench -- passport\`.`,
    "",
    "## Downloaded on first use",
    "",
    "| what | received here (body, known rows) | raw | gzip -9 |",
    "| --- | ---: | ---: | ---: |",
    `| reader, first photo (chunks, tesseract worker + wasm core + model) | ${kb(r.firstUse.image.transfer)} | ${kb(r.firstUse.image.raw)} | ${kb(r.firstUse.image.gzip)} |`,
    `| first PDF, on top (pdf.js + its worker) | ${kb(r.firstUse.pdfExtra.transfer)} | ${kb(r.firstUse.pdfExtra.raw)} | ${kb(r.firstUse.pdfExtra.gzip)} |`,
    "",
    "| file | phase | transferred | raw | gzip -9 |",
    "| --- | --- | ---: | ---: | ---: |",
    ...r.downloads.map((d) => `| \`${d.path}\` | ${d.phase} | ${d.transfer === null ? "– (worker script)" : d.transfer.toLocaleString("en")} | ${d.raw.toLocaleString("en")} | ${d.gzip.toLocaleString("en")} |`),
    "",
    "## Time to read one page (clean synthetic data page, file chosen → result shown)",
    "",
    `- first use (download, engine start, read): ${r.readOnePage.firstUseMs} ms (engine ${r.readOnePage.firstUseEngineMs} ms)`,
    `- reader reopened (engine restarts from the browser cache), median of ${r.readOnePage.runs}: ${r.readOnePage.reopenedMedianMs} ms (engine ${r.readOnePage.reopenedMedianEngineMs} ms)`,
    `- engine running ("Try another picture"), median of ${r.readOnePage.runs}: ${r.readOnePage.warmMedianMs} ms (OCR ${r.readOnePage.warmMedianOcrMs} ms)`,
    `- first PDF (pdf.js download and start, page drawn, read): ${r.readOnePage.pdfFirstUseMs} ms`,
    "",
    `## Read rate over the synthetic set: ${r.readRate.read}/${r.readRate.of}`,
    "",
    "| case | read correctly | ms | crops tried |",
    "| --- | --- | ---: | ---: |",
    ...r.readRate.cases.map((c) => `| ${c.variant} | ${c.ok ? "yes" : "**no**"} | ${c.ms} | ${c.attempts ?? "–"} |`),
  ];
  return lines.join("\n");
}
