/** `npm run deploy` stops before building or uploading when the worker has no JWT_SECRET (issue 10, item 2). */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** A stand-in wrangler: prints what `wrangler secret list --format json` would, or fails like a signed-out one. */
function fakeWrangler(stdout: string, status = 0): string {
  const dir = mkdtempSync(join(tmpdir(), "fake-wrangler-"));
  const file = join(dir, "wrangler");
  writeFileSync(file, `#!/bin/sh\n[ "$1 $2 $3 $4" = "secret list --format json" ] || exit 9\necho '${stdout}'\n${status ? "echo 'You are not authenticated' >&2\n" : ""}exit ${status}\n`);
  chmodSync(file, 0o755);
  return file;
}

const check = (wrangler: string) =>
  spawnSync(process.execPath, ["scripts/deploy-check.mjs"], { encoding: "utf8", env: { ...process.env, WRANGLER_BIN: wrangler } });

describe("deploy check", () => {
  it("stops when JWT_SECRET is not among the worker's secrets, and says how to set it", () => {
    const result = check(fakeWrangler('[{"name":"FIREBASE_CONFIG","type":"secret_text"}]'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("no JWT_SECRET secret");
    expect(result.stderr).toContain("npx wrangler secret put JWT_SECRET");
  });

  it("stops when the secrets cannot be read (signed out, no network)", () => {
    const result = check(fakeWrangler("", 1));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("could not read the worker's secrets");
  });

  it("lets the deploy go on when the secret is set", () => {
    const result = check(fakeWrangler('[{"name":"JWT_SECRET","type":"secret_text"}]'));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("runs before the build and the upload in npm run deploy, and wrangler.toml defaults to production", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.deploy).toMatch(/^node scripts\/deploy-check\.mjs && npm run build && npm run build:worker && wrangler deploy /);
    // Issue 31: what is uploaded is the split build (worker.mjs and its chunks), as it is.
    expect(pkg.scripts.deploy).toContain("wrangler deploy .wrangler/deploy/worker.mjs --no-bundle");
    expect(readFileSync("wrangler.toml", "utf8")).toMatch(/^APP_ENV = "production"$/m);
  });
});
