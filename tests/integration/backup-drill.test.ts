// The restore drill (issue 31): nothing is lost between `npm run backup` and `npm run restore`. A local state gets the
// demo data and, through the real worker, a filed visa request with two uploaded documents that an admin then rejects
// (an Order and a Refund in the ledger, history rows); it is backed up (scripts/backup.mjs), restored into a fresh
// state, and the restored product is checked: transactions/reconcile reports 0 mismatches, every R2 object is there
// with the same SHA-256, every request, ledger row and history row is there unchanged, and the restored worker serves
// the filed request and its document. Needs `npm run build` first (the worker serves dist/).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupLocal, localBindings, restoreLocal } from "../../scripts/backup.mjs";
import { seed } from "../../scripts/seed.mjs";
import { startDev, type DevServer } from "./wrangler-dev";

const SOURCE = ".wrangler/drill-source";
const TARGET = ".wrangler/drill-restored";
const BACKUP = ".wrangler/drill-backup";
const VISA = "0193a000-0000-7000-8000-000000030001";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let filedId = "";
const uploaded: Uint8Array<ArrayBuffer>[] = [];

async function signIn(site: string, path: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${site}/api/auth/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json", Origin: site }, body: JSON.stringify({ email, password }),
  });
  expect(response.status, `${path} ${email}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
const bearer = (site: string, token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, Origin: site, ...extra });

/** A small PNG whose last bytes differ per call: each upload is its own file with its own hash. */
function png(n: number): Uint8Array<ArrayBuffer> {
  const base = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  return Uint8Array.from(Buffer.concat([base, Buffer.from(`drill-${n}-${Date.now()}`)]));
}

const VALUES: Record<string, string> = {
  FullName: "Drill Applicant", PassportNumber: "D1234567", DateOfBirth: "1990-01-01", PassportExpiry: "2030-01-01",
  TravelDate: "2027-03-01", ReturnDate: "2027-03-15", Email: "drill@example.com", TravelReason: "Tourism", Nationality: "IQ",
};

/** Files a request through the API and has an admin reject it: an Order, a Refund, history, two documents in R2. */
async function fileAndReject(site: string) {
  const agent = await signIn(site, "loginAgent", "agent@sunrise.example", "Agent#2026");
  const visa = (await (await fetch(`${site}/api/visa/one/${VISA}`, { headers: bearer(site, agent) })).json()) as {
    fields: string[]; requirements: { _id: string }[];
  };
  const documents = [];
  for (const [i, requirement] of visa.requirements.entries()) {
    const bytes = png(i);
    uploaded.push(bytes);
    const form = new FormData();
    form.set("file", new File([bytes], `scan-${i}.png`, { type: "image/png" }));
    const response = await fetch(`${site}/api/requests/upload-attachment-to-s3-by-agent`, { method: "POST", headers: bearer(site, agent), body: form });
    expect(response.status).toBe(201);
    documents.push({ attachmentId: ((await response.json()) as { _id: string })._id, requirementId: requirement._id });
  }
  const fields = Object.fromEntries(visa.fields.map((kind) => [kind, VALUES[kind] ?? "x"]));
  const filed = await fetch(`${site}/api/requests`, {
    method: "POST", headers: bearer(site, agent, { "Content-Type": "application/json" }), body: JSON.stringify({ visaId: VISA, fields, documents }),
  });
  expect(filed.status, await filed.clone().text()).toBe(201);
  filedId = ((await filed.json()) as { _id: string })._id;
  const admin = await signIn(site, "loginAdmin", "admin@visahub.example", "Admin#2026");
  const rejected = await fetch(`${site}/api/requests/${filedId}`, {
    method: "PATCH", headers: bearer(site, admin, { "Content-Type": "application/json" }), body: JSON.stringify({ status: "Rejected", reason: "Drill: rejected to write a refund" }),
  });
  expect(rejected.status, await rejected.clone().text()).toBe(200);
}

/** The parts of the local bindings this test reads (scripts/backup.mjs hands out the platform proxy's own). */
interface LocalState {
  DB: { prepare(sql: string): { all(): Promise<{ results: unknown[] }> } };
  FILES: {
    list(options: { cursor?: string }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
    get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  };
  dispose(): Promise<void>;
}

/** Every row of the tables that must survive, by id, as they are. */
async function rowsOf(persistTo: string) {
  const state = (await localBindings(persistTo)) as unknown as LocalState;
  try {
    const rows = { visa_requests: [], transactions: [], request_history: [], request_documents: [], agents: [] } as Record<
      "visa_requests" | "transactions" | "request_history" | "request_documents" | "agents", Record<string, unknown>[]
    >;
    for (const table of Object.keys(rows) as (keyof typeof rows)[]) {
      rows[table] = (await state.DB.prepare(`SELECT * FROM ${table} ORDER BY id`).all()).results as Record<string, unknown>[];
    }
    const files: Record<string, string> = {};
    let cursor: string | undefined;
    do {
      const page = await state.FILES.list({ cursor });
      for (const object of page.objects) files[object.key] = sha256(new Uint8Array(await (await state.FILES.get(object.key))!.arrayBuffer()));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return { rows, files };
  } finally {
    await state.dispose();
  }
}

let before: Awaited<ReturnType<typeof rowsOf>>;
let restored: DevServer | null = null;

beforeAll(async () => {
  for (const dir of [SOURCE, TARGET, BACKUP]) rmSync(dir, { recursive: true, force: true });
  const migrated = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", SOURCE], { env, encoding: "utf8" });
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  await seed(["--persist-to", SOURCE]);
  const source = await startDev(["--persist-to", SOURCE, "--var", "APP_ENV:test"]);
  try {
    await fileAndReject(source.site);
  } finally {
    await source.stop();
  }
  before = await rowsOf(SOURCE);
  await backupLocal({ persistTo: SOURCE, out: BACKUP });
  await restoreLocal({ from: BACKUP, persistTo: TARGET });
}, 240_000);

afterAll(async () => {
  await restored?.stop();
  for (const dir of [SOURCE, TARGET, BACKUP]) rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore drill", () => {
  it("restores every request, ledger row and history row unchanged", async () => {
    const after = await rowsOf(TARGET);
    expect(before.rows.visa_requests.some((row) => row.id === filedId)).toBe(true);
    expect(before.rows.transactions.filter((row) => row.reference === filedId).map((row) => row.type).sort()).toEqual(["Order", "Refund"]);
    expect(before.rows.request_history.filter((row) => row.request_id === filedId).length).toBeGreaterThanOrEqual(2);
    for (const table of Object.keys(before.rows) as (keyof typeof before.rows)[]) expect(after.rows[table], table).toEqual(before.rows[table]);
  });

  it("restores every file with the same SHA-256, the uploaded documents included", async () => {
    const after = await rowsOf(TARGET);
    expect(Object.keys(before.files).length).toBeGreaterThan(uploaded.length);
    expect(after.files).toEqual(before.files);
    for (const bytes of uploaded) expect(Object.values(after.files)).toContain(sha256(bytes));
  });

  it("the restored product reconciles to 0 and serves the filed request and its documents", async () => {
    restored = await startDev(["--persist-to", TARGET, "--var", "APP_ENV:test"]);
    const site = restored.site;
    const admin = await signIn(site, "loginAdmin", "admin@visahub.example", "Admin#2026");
    const reconcile = await fetch(`${site}/api/transactions/reconcile`, { headers: bearer(site, admin) });
    expect(reconcile.status).toBe(200);
    const report = (await reconcile.json()) as { checked: number; mismatches: number };
    expect(report.checked).toBeGreaterThan(0);
    expect(report.mismatches).toBe(0);
    const request = await fetch(`${site}/api/requests/one-by-admin/${filedId}`, { headers: bearer(site, admin) });
    expect(request.status).toBe(200);
    const body = (await request.json()) as { status: string; documents: { url: string }[] };
    expect(body.status).toBe("Rejected");
    const served = await Promise.all(body.documents.map(async (d) => sha256(new Uint8Array(await (await fetch(`${site}${d.url}`, { headers: bearer(site, admin) })).arrayBuffer()))));
    expect(served.sort()).toEqual(uploaded.map(sha256).sort());
  }, 120_000);
});
