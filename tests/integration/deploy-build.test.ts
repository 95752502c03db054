// The Worker as it is deployed (issue 31): scripts/worker-build.mjs splits it into worker.mjs and chunks/ imported on
// first use, uploaded as they are (`--no-bundle`). workerd must find and run those chunks: this runs that very output
// under `wrangler dev --no-bundle` (demo data, needs `npm run build` first) and uses each part that moved out of the
// main module — a PDF and an xlsx export (pdf-lib, fontkit, the font; the xlsx writer), a visa's rich content (the
// sanitizer), a page drawn at the edge (React's server renderer and the catalogue's views).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_MODULE, buildSplitWorker } from "../../scripts/worker-build.mjs";
import { seed } from "../../scripts/seed.mjs";
import { startDev, type DevServer } from "./wrangler-dev";

const OUT = ".wrangler/deploy-test";
const STATE = ".wrangler/integration-deploy";
const VISA = "0193a000-0000-7000-8000-000000030001";
let server: DevServer;
let site = "";
let token = "";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

beforeAll(async () => {
  const modules: { module: string }[] = await buildSplitWorker({ outdir: `${process.cwd()}/${OUT}` });
  expect(modules.length, "the build is split").toBeGreaterThan(5);
  rmSync(STATE, { recursive: true, force: true });
  const migrated = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env, encoding: "utf8" });
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  await seed(["--persist-to", STATE]);
  server = await startDev([`${OUT}/${MAIN_MODULE}`, "--no-bundle", "--persist-to", STATE, "--var", "APP_ENV:test"]);
  site = server.site;
  const login = await fetch(`${site}/api/auth/loginAgent`, {
    method: "POST", headers: { "Content-Type": "application/json", Origin: site },
    body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { access_token: string }).access_token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of [OUT, STATE]) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site}${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });

describe("the split deploy build runs in workerd", () => {
  it("has chunks beside the main module (what --no-bundle uploads)", () => {
    expect(existsSync(`${OUT}/${MAIN_MODULE}`)).toBe(true);
    expect(readdirSync(`${OUT}/chunks`).some((name) => name.startsWith("pdf-"))).toBe(true);
  });

  it("exports a PDF in Kurdish (pdf-lib, fontkit and the font load on first use)", async () => {
    const response = await get("/api/requests/export-agent-list/pdf?lang=ku");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/pdf");
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("exports an xlsx (the writer loads on first use)", async () => {
    const response = await get("/api/requests/export-agent-list/xlsx");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip: "PK"
  });

  it("answers a visa with its rich content sanitized (the parser loads on first use)", async () => {
    const response = await get(`/api/visa/one/${VISA}`);
    expect(response.status).toBe(200);
    const visa = (await response.json()) as { content: { en: string } };
    expect(visa.content.en).toMatch(/<(p|h\d|ul)>/);
    expect(visa.content.en).not.toMatch(/<script/i);
  });

  it("draws a page's views at the edge (the renderer and the feature's views load on first use)", async () => {
    const response = await fetch(`${site}/en/featured/`, { headers: { Cookie: `auth.accessToken=${token}; auth.kind=Agent` } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-edge-view="featured"');
    expect(html).toMatch(/data-edge-view="featured"[^>]*data-edge-filled/);
  });
});
