// Loads the demo data into local D1, once and idempotently (every row has a fixed id and INSERT OR IGNORE).
// Used by `npm start` and the browser tests; production never runs it. Extra args go to wrangler (e.g. --persist-to).
// Each module in scripts/demo/ (except lib.mjs) exports statements(); they load in file-name order. A module may
// also export objects() → [{ key, bytes, contentType }]: files put into local R2 (the FILES bucket) with the same args.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

async function demoModules() {
  const dir = new URL("./demo/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".mjs") && f !== "lib.mjs").sort();
  const out = [];
  for (const file of files) out.push(await import(pathToFileURL(new URL(file, dir).pathname).href));
  return out;
}

export async function demoStatements() {
  return (await demoModules()).flatMap((module) => module.statements());
}

export async function demoObjects() {
  return (await demoModules()).flatMap((module) => (typeof module.objects === "function" ? module.objects() : []));
}

/** The bucket behind the FILES binding, from wrangler.toml. */
const filesBucket = () => /\[\[r2_buckets\]\][^[]*?binding\s*=\s*"FILES"[^[]*?bucket_name\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1];

const wrangler = (args) =>
  spawnSync("node_modules/.bin/wrangler", args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } });

/** Puts the demo files into local R2: one bulk put per content type. Same key, same bytes: loading twice changes nothing. */
async function putObjects(extraArgs) {
  const objects = await demoObjects();
  if (objects.length === 0) return 0;
  const bucket = filesBucket();
  if (!bucket) throw new Error("wrangler.toml has no R2 bucket bound as FILES");
  const byType = new Map();
  for (const object of objects) {
    const file = join(".wrangler", "demo-files", object.key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, object.bytes);
    byType.set(object.contentType, [...(byType.get(object.contentType) ?? []), { key: object.key, file }]);
  }
  for (const [contentType, entries] of byType) {
    const manifest = join(".wrangler", "demo-files", `manifest-${contentType.replace(/\W/g, "-")}.json`);
    writeFileSync(manifest, JSON.stringify(entries));
    const { status, stdout, stderr } = wrangler(["r2", "bulk", "put", bucket, "--local", "--filename", manifest, "--content-type", contentType, ...extraArgs]);
    if (status !== 0) throw new Error(`Loading the demo files failed:\n${stdout}\n${stderr}`);
  }
  return objects.length;
}

export async function seed(extraArgs = []) {
  const statements = await demoStatements();
  mkdirSync(".wrangler", { recursive: true });
  const file = ".wrangler/demo-data.sql";
  writeFileSync(file, statements.map((s) => `${s};`).join("\n") + "\n");
  const { status, stdout, stderr } = wrangler(["d1", "execute", "DB", "--local", "--file", file, ...extraArgs]);
  if (status !== 0) throw new Error(`Loading the demo data failed:\n${stdout}\n${stderr}`);
  await putObjects(extraArgs);
  return statements.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await seed(process.argv.slice(2));
  console.log(`Demo data loaded (${count} statements; rows already present were kept).`);
}
