// `npm run deploy:preview` (issue 31): uploads this branch as a version of the preview Worker (wrangler.toml's
// [env.preview]: visa-services-preview, its own D1 database and R2 bucket, never production's) with a preview alias
// named after the git branch, so each branch has a stable address:
//   https://<alias>-visa-services-preview.<your-subdomain>.workers.dev
// Steps: the preview Worker must have its JWT_SECRET (scripts/deploy-check.mjs --env preview), the pages are built,
// the Worker is built split (scripts/worker-build.mjs) and uploaded as it is (`wrangler versions upload --no-bundle
// --env preview --preview-alias <alias>`). Production's Worker and data are not touched.
//
//   npm run deploy:preview                 # the current branch
//   npm run deploy:preview -- --dry-run    # everything but the secret check and the upload (what CI runs)
//   PREVIEW_BRANCH=feature/x npm run deploy:preview
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { main as checkSecrets } from "./deploy-check.mjs";

export const PREVIEW_ENV = "preview";
/** The preview Worker's name (wrangler.toml [env.preview] name): alias + "-" + name must fit one DNS label (63). */
const PREVIEW_WORKER = "visa-services-preview";

/**
 * A branch name as a preview alias: lowercase letters, digits and single dashes, starting with a letter, short enough
 * that `<alias>-visa-services-preview` is one DNS label. "Feature/Passport_OCR" → "feature-passport-ocr".
 */
export function previewAlias(branch) {
  let alias = String(branch).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (!/^[a-z]/.test(alias)) alias = `b-${alias}`;
  alias = alias.slice(0, 63 - PREVIEW_WORKER.length - 1).replace(/-+$/, "");
  if (alias === "b" || alias === "b-") throw new Error(`No preview alias can be made from the branch name "${branch}".`);
  return alias;
}

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } }).status ?? 1;

function main(args) {
  const dryRun = args.includes("--dry-run");
  const branch = process.env.PREVIEW_BRANCH || spawnSync("git", ["branch", "--show-current"], { encoding: "utf8" }).stdout.trim();
  if (!branch) {
    console.error("✖ Preview stopped: not on a branch (detached HEAD). Check out a branch or set PREVIEW_BRANCH.");
    return 1;
  }
  const alias = previewAlias(branch);
  console.log(`▶ Preview of branch "${branch}" as alias "${alias}" on ${PREVIEW_WORKER}${dryRun ? " (dry run: nothing is uploaded)" : ""}`);
  if (!dryRun && checkSecrets(["--env", PREVIEW_ENV]) !== 0) return 1;
  if (run("npm", ["run", "build", "--silent"]) !== 0) return 1;
  if (run("node", ["scripts/worker-build.mjs"]) !== 0) return 1;
  const buildId = JSON.parse(readFileSync("dist/builds/latest.json", "utf8")).id;
  const upload = [
    "versions", "upload", ".wrangler/deploy/worker.mjs", "--no-bundle", "--env", PREVIEW_ENV, "--preview-alias", alias,
    "--var", `BUILD_ID:${buildId}`, "--message", `preview of ${branch}`, ...(dryRun ? ["--dry-run", "--outdir", ".wrangler/preview-dry-run"] : []),
  ];
  return run("wrangler", upload);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main(process.argv.slice(2)));
