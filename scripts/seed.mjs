// Loads the demo data into local D1, once and idempotently (every row has a fixed id and INSERT OR IGNORE).
// Used by `npm start` and the browser tests; production never runs it. Extra args go to wrangler (e.g. --persist-to).
// Each module in scripts/demo/ (except lib.mjs) exports statements(); they load in file-name order.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export async function demoStatements() {
  const dir = new URL("./demo/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".mjs") && f !== "lib.mjs").sort();
  const out = [];
  for (const file of files) out.push(...(await import(pathToFileURL(new URL(file, dir).pathname).href)).statements());
  return out;
}

export async function seed(extraArgs = []) {
  const statements = await demoStatements();
  mkdirSync(".wrangler", { recursive: true });
  const file = ".wrangler/demo-data.sql";
  writeFileSync(file, statements.map((s) => `${s};`).join("\n") + "\n");
  const { status, stdout, stderr } = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--file", file, ...extraArgs], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (status !== 0) throw new Error(`Loading the demo data failed:\n${stdout}\n${stderr}`);
  return statements.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await seed(process.argv.slice(2));
  console.log(`Demo data loaded (${count} statements; rows already present were kept).`);
}
