// first-window (issue 32): what a page's first paint waits for, against a new connection's first window. A phone's
// connection starts with a window of 10 segments of 1,460 B (RFC 6928; Lighthouse's simulation of a slow 4G link
// uses it): a document or render-blocking stylesheet larger than that, headers included, takes one more round trip
// (~150 ms on Lighthouse's phone preset) before the first paint. Measured on the real product (wrangler dev, demo
// data, signed in as each page's kind), the body as gzip sends it; exact, whatever the host's load.
//
//   npm run build && npm run bench -- first-window
import { execFileSync } from "node:child_process";
import { startProduct } from "./product.mjs";
import { demoIds, signIn, sweepPages } from "./lighthouse.mjs";

const WINDOW = 10 * 1460;

/** Bytes on the wire of one answer: the gzip'd body and the response head as curl saw it. */
function wire(url, cookie) {
  const out = execFileSync("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download} %{size_header}", "-H", "Accept-Encoding: gzip", ...(cookie ? ["-H", `Cookie: ${cookie}`] : []), url]).toString();
  const [status, body, head] = out.split(" ").map(Number);
  return { status, body, head, total: body + head };
}

export async function measureFirstWindow() {
  const product = await startProduct();
  try {
    const sessions = { agent: await signIn(product.url, "agent"), admin: await signIn(product.url, "admin") };
    const cookie = (as) => sessions[as].map((c) => `${c.name}=${c.value}`).join("; ");
    const cookies = { agent: cookie("agent"), admin: cookie("admin") };
    const ids = await demoIds(product.url, sessions);
    const rows = [];
    let stylesheet = null;
    // Every route of the route table in the three languages, as the Lighthouse sweep measures them.
    for (const { path: shape, as } of sweepPages()) {
      const path = shape.replace(/\{(\w+)\}/g, (_, kind) => encodeURIComponent(ids[kind]));
      const doc = wire(product.url + path, as ? cookies[as] : "");
      if (doc.status !== 200) throw new Error(`${path}: ${doc.status}`);
      rows.push({ what: shape, as: as ?? "no", ...doc, fits: doc.total <= WINDOW });
      if (!stylesheet) {
        const html = execFileSync("curl", ["-s", "-H", `Cookie: ${as ? cookies[as] : ""}`, product.url + path]).toString();
        stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
      }
    }
    const css = wire(product.url + stylesheet, "");
    rows.unshift({ what: `stylesheet ${stylesheet}`, as: "-", ...css, fits: css.total <= WINDOW });
    return { date: new Date().toISOString().slice(0, 10), window: WINDOW, rows };
  } finally {
    await product.stop();
  }
}

const fmt = (n) => n.toLocaleString("en-US");
export function formatFirstWindowMarkdown({ date, window, rows }) {
  return [
    `## First window (${date})`,
    "",
    `What a first paint waits for, against a new connection's first window (${fmt(window)} B: 10 segments of 1,460 B). ` +
      "Body as gzip sends it, plus the response head; local `wrangler dev` (its proxy adds Transfer-Encoding, ETag and CF-Cache-Status).",
    "",
    "| Answer | Signed in | Body (gzip) | Head | Total | Fits |",
    "|---|---|--:|--:|--:|:-:|",
    ...rows.map((r) => `| \`${r.what}\` | ${r.as} | ${fmt(r.body)} | ${fmt(r.head)} | ${fmt(r.total)} | ${r.fits ? "✅" : "❌"} |`),
    "",
  ].join("\n");
}
