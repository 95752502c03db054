// `npm run deploy` runs this first: it stops before anything is built or uploaded when the deployed worker has no
// JWT_SECRET secret (DESIGN §3: production never signs with the development secret, and without the secret the
// worker would refuse every sign-in). It asks wrangler for the secret names only; values never leave Cloudflare.
// WRANGLER_BIN lets the tests put a stand-in wrangler in its place (no network, no account).
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

export const REQUIRED_SECRETS = ["JWT_SECRET"];

/** The required secrets missing from `wrangler secret list --format json` output. */
export function missingSecrets(listJson) {
  const listed = JSON.parse(listJson);
  const names = new Set(Array.isArray(listed) ? listed.map((entry) => entry?.name) : []);
  return REQUIRED_SECRETS.filter((name) => !names.has(name));
}

/** `args` go to wrangler after the command: `--env preview` checks the preview Worker (scripts/deploy-preview.mjs). */
export function main(args = process.argv.slice(2)) {
  const wrangler = process.env.WRANGLER_BIN || "wrangler";
  const put = `npx wrangler secret put JWT_SECRET${args.length ? ` ${args.join(" ")}` : ""}`;
  const result = spawnSync(wrangler, ["secret", "list", "--format", "json", ...args], { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  if (result.status !== 0) {
    console.error(`✖ Deploy stopped: could not read the worker's secrets (wrangler secret list exited ${result.status}).`);
    console.error(`  Sign in with \`npx wrangler login\`, then set the secret with \`${put}\` (at least 32 random characters).`);
    if (result.stderr) console.error(result.stderr.trim().split("\n").slice(-5).map((line) => `  ${line}`).join("\n"));
    return 1;
  }
  let missing;
  try {
    missing = missingSecrets(result.stdout.slice(result.stdout.indexOf("[")));
  } catch {
    console.error("✖ Deploy stopped: wrangler secret list did not answer JSON.");
    return 1;
  }
  if (missing.length) {
    console.error(`✖ Deploy stopped: the worker has no ${missing.join(", ")} secret, so it could not sign sessions.`);
    console.error(`  Set it first: ${put}   (at least 32 random characters, e.g. \`openssl rand -base64 48\`)`);
    return 1;
  }
  console.log(`✔ Secrets present: ${REQUIRED_SECRETS.join(", ")}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main());
