// Starts the real product for a benchmark: a fresh local D1 in a temp folder, migrations, demo data, and
// `wrangler dev` on a free port. Needs `npm run build` first (dist/). Returns { url, stop }.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const bin = (name) => join(process.cwd(), "node_modules", ".bin", name);

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * `sql`: extra statements (a string) loaded after the demo data, e.g. many rows for an export benchmark. `root`: the
 * tree to serve (its wrangler.toml, dist/ and seed), e.g. a baseline commit exported next to this one. `port`: a fixed
 * port (on a host shared by several people each bench run keeps to its own), else a free one.
 */
export async function startProduct({ vars = {}, sql = "", root = process.cwd(), port: fixedPort } = {}) {
  const persist = mkdtempSync(join(tmpdir(), "visa-bench-"));
  const migrate = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env, encoding: "utf8", cwd: root });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);
  const seed = spawnSync(process.execPath, ["scripts/seed.mjs", "--persist-to", persist], { env, encoding: "utf8", cwd: root });
  if (seed.status !== 0) throw new Error(`demo data failed: ${seed.stderr}`);
  if (sql) {
    const file = join(persist, "extra.sql");
    writeFileSync(file, sql);
    const extra = spawnSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persist, "--file", file], { env, encoding: "utf8", cwd: root });
    if (extra.status !== 0) throw new Error(`extra data failed: ${extra.stderr}`);
  }
  const port = fixedPort ?? (await freePort());
  // A local run: the embedded development secret is allowed only with APP_ENV development (functions/config.ts).
  const varArgs = Object.entries({ APP_ENV: "development", ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--show-interactive-dev-session=false", ...varArgs], {
    env, stdio: ["ignore", "pipe", "pipe"], cwd: root,
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("wrangler dev did not start in 60 s")), 60_000);
    child.stdout.on("data", (chunk) => {
      if (/Ready on/.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`wrangler dev exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

/**
 * A baseline tree next to this one: `commit` exactly as committed (`git archive`) in `into`, with this checkout's
 * packages (a baseline of the same lockfile). For benchmarks that measure "before" in the same run as "after".
 */
export function exportCommit(repoRoot, commit, into) {
  mkdirSync(into, { recursive: true });
  const archive = spawnSync("git", ["archive", "--format=tar", commit], { cwd: repoRoot, maxBuffer: 512 * 1024 * 1024 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  const untar = spawnSync("tar", ["-x", "-C", into], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  symlinkSync(join(repoRoot, "node_modules"), join(into, "node_modules"));
}
