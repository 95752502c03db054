// CI's check that the deploy configuration builds (issue 31): the split Worker (scripts/worker-build.mjs) goes through
// `wrangler deploy --dry-run` for production and `wrangler versions upload --dry-run` for a preview ([env.preview]),
// which read wrangler.toml, resolve every binding and module and stop before uploading. Needs `npm run build` first
// (the assets folder). scripts/test.mjs runs it and counts each as a test; it needs no account and no network.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { buildSplitWorker } from "./worker-build.mjs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const ENTRY = ".wrangler/deploy/worker.mjs";

/** Each dry run: its name and whether it passed. */
export async function deployDryRuns() {
  await buildSplitWorker();
  const runs = [
    ["production: wrangler deploy --dry-run", ["deploy", ENTRY, "--no-bundle", "--dry-run", "--outdir", ".wrangler/dry-run/production"]],
    ["preview: wrangler versions upload --env preview --preview-alias --dry-run", ["versions", "upload", ENTRY, "--no-bundle", "--env", "preview", "--preview-alias", "ci-check", "--dry-run", "--outdir", ".wrangler/dry-run/preview"]],
  ];
  return runs.map(([name, args]) => {
    // This Node (24, the project's own), not whichever node is first on PATH.
    const result = spawnSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...args], { env, encoding: "utf8" });
    const ok = result.status === 0 && /--dry-run: exiting now/.test(result.stdout);
    console.log(`${ok ? "✔" : "✖"} ${name}`);
    if (!ok) console.log(String(result.stderr || result.stdout || result.error).split("\n").slice(-15).join("\n"));
    return { name, ok };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results = await deployDryRuns();
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
