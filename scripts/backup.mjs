// Backup and restore of the local product (issue 31): D1 as SQL, R2 objects with their SHA-256. Production has
// Cloudflare's own recovery (D1 Time Travel, README "Backup and restore"); this is the drill that proves a backup
// holds everything, and the way to move local data between machines.
//
//   npm run backup                                  # local D1 + R2 of `npm start` → backups/<timestamp>/
//   npm run backup -- --persist-to .wrangler/x --out backups/x
//   npm run backup -- --remote --out backups/prod   # production D1 via `wrangler d1 export --remote` (SQL only;
//                                                   # R2 is not copied: it is not lost with D1, see the README)
//   npm run restore -- backups/<timestamp> --persist-to .wrangler/restored   # into a fresh local state only
//
// A backup folder: d1.sql (schema, rows, then indexes and triggers; foreign keys deferred while loading),
// files/<key> (each R2 object's bytes) and manifest.json (row count per table; per object: key, size, content type,
// SHA-256). Restore refuses a database that already has tables, loads d1.sql with `wrangler d1 execute --file`,
// puts every object back and checks each one's hash against the manifest.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const DEFAULT_PERSIST = ".wrangler/state";
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The local DB and FILES bindings of a persisted state (what `wrangler dev --persist-to <dir>` uses). */
export async function localBindings(persistTo) {
  const { getPlatformProxy } = await import("wrangler");
  // The proxy warns that the Durable Object class is not in it (no worker runs here; only D1 and R2 are used): quiet
  // while it starts, and only then (a wrangler started later by the same process must still say "Ready").
  const level = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error";
  let proxy;
  try {
    // wrangler's --persist-to <dir> keeps its data in <dir>/v3, which is what the proxy is given.
    proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: join(resolve(persistTo), "v3") } });
  } finally {
    if (level === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = level;
  }
  return { DB: proxy.env.DB, FILES: proxy.env.FILES, dispose: () => proxy.dispose() };
}

/** A value as an SQL literal. */
function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value) || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = Array.isArray(value) ? Uint8Array.from(value) : new Uint8Array(value instanceof ArrayBuffer ? value : value.buffer);
    return `X'${Buffer.from(bytes).toString("hex")}'`;
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The whole database as SQL (tables with their rows first, then indexes, triggers and views), and rows per table. */
export async function dumpD1(db) {
  const { results: objects } = await db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid")
    .all();
  const lines = ["PRAGMA defer_foreign_keys = TRUE;"];
  const counts = {};
  const tables = objects.filter((o) => o.type === "table");
  // Every table first, then the rows: a table may point at one made by a later migration (visa_requests.group_id →
  // request_groups, issue 28), and a row is checked against its parent table as it is inserted.
  for (const table of tables) lines.push(`${table.sql};`);
  for (const table of tables) {
    const quoted = `"${table.name.replace(/"/g, '""')}"`;
    counts[table.name] = 0;
    for (let offset = 0; ; offset += 500) {
      // Table order (no ORDER BY: some tables are WITHOUT ROWID); nothing writes while the backup reads.
      const { results: rows } = await db.prepare(`SELECT * FROM ${quoted} LIMIT 500 OFFSET ?`).bind(offset).all();
      for (const row of rows) {
        const columns = Object.keys(row).map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");
        lines.push(`INSERT INTO ${quoted} (${columns}) VALUES (${Object.values(row).map(literal).join(", ")});`);
      }
      counts[table.name] += rows.length;
      if (rows.length < 500) break;
    }
  }
  // Triggers after the rows: an append-only trigger must not see the restore's own inserts.
  for (const type of ["index", "view", "trigger"]) for (const o of objects.filter((x) => x.type === type)) lines.push(`${o.sql};`);
  return { sql: lines.join("\n") + "\n", tables: counts };
}

/** Every object of a bucket: key, bytes, content type. */
async function* objectsOf(bucket) {
  let cursor;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata"] });
    for (const object of page.objects) {
      const body = await bucket.get(object.key);
      yield { key: object.key, bytes: new Uint8Array(await body.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? body.httpMetadata?.contentType ?? null };
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Backs up a local state (D1 and R2) into `out`; answers the manifest. */
export async function backupLocal({ persistTo = DEFAULT_PERSIST, out }) {
  const bindings = await localBindings(persistTo);
  try {
    mkdirSync(join(out, "files"), { recursive: true });
    const { sql, tables } = await dumpD1(bindings.DB);
    writeFileSync(join(out, "d1.sql"), sql);
    const files = [];
    for await (const object of objectsOf(bindings.FILES)) {
      const path = join(out, "files", object.key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, object.bytes);
      files.push({ key: object.key, size: object.bytes.length, contentType: object.contentType, sha256: sha256(object.bytes) });
    }
    const manifest = { createdAt: new Date().toISOString(), source: { local: persistTo }, d1: { file: "d1.sql", tables }, r2: { files } };
    writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    return manifest;
  } finally {
    await bindings.dispose();
  }
}

/** Loads a backup into a fresh local state: refuses one whose database has tables; checks every file's hash. */
export async function restoreLocal({ from, persistTo }) {
  const manifest = JSON.parse(readFileSync(join(from, "manifest.json"), "utf8"));
  const before = await localBindings(persistTo);
  try {
    const { results } = await before.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all();
    if (results[0].n > 0) throw new Error(`${persistTo} already has a database with ${results[0].n} tables: restore only into a fresh state (a new --persist-to folder).`);
  } finally {
    await before.dispose();
  }
  // wrangler's own loader, as for any SQL file: the same statement splitting and the same local D1.
  const loaded = spawnSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", join(from, manifest.d1.file)], {
    encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (loaded.status !== 0) throw new Error(`Loading ${manifest.d1.file} failed:\n${(loaded.stderr || loaded.stdout).slice(-2000)}`);
  const after = await localBindings(persistTo);
  try {
    for (const file of manifest.r2.files) {
      const bytes = readFileSync(join(from, "files", file.key));
      if (sha256(bytes) !== file.sha256) throw new Error(`files/${file.key} does not match its hash in the manifest: the backup is damaged.`);
      await after.FILES.put(file.key, bytes, file.contentType ? { httpMetadata: { contentType: file.contentType } } : undefined);
    }
  } finally {
    await after.dispose();
  }
  return manifest;
}

/** Production's D1 as SQL (`wrangler d1 export --remote`); R2 is not copied (see the README). */
export function backupRemote({ out, env }) {
  mkdirSync(out, { recursive: true });
  const args = ["d1", "export", "DB", "--remote", "--output", join(out, "d1.sql"), ...(env ? ["--env", env] : [])];
  const result = spawnSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...args], { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  return result.status ?? 1;
}

function option(args, name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(command, args) {
  const persistTo = option(args, "--persist-to") ?? DEFAULT_PERSIST;
  if (command === "backup") {
    const out = option(args, "--out") ?? join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
    if (args.includes("--remote")) return backupRemote({ out, env: option(args, "--env") });
    const manifest = await backupLocal({ persistTo, out });
    const rows = Object.values(manifest.d1.tables).reduce((a, b) => a + b, 0);
    console.log(`✔ Backed up ${persistTo}: ${Object.keys(manifest.d1.tables).length} tables, ${rows} rows, ${manifest.r2.files.length} files → ${out}`);
    return 0;
  }
  const from = args.find((a) => !a.startsWith("--") && a !== option(args, "--persist-to"));
  if (!from || !existsSync(join(from, "manifest.json"))) {
    console.error("usage: npm run restore -- <backup folder> [--persist-to <fresh folder>]");
    return 1;
  }
  const manifest = await restoreLocal({ from, persistTo });
  console.log(`✔ Restored ${from} into ${persistTo}: ${Object.keys(manifest.d1.tables).length} tables, ${manifest.r2.files.length} files (hashes checked)`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command, ...args] = process.argv.slice(2);
  main(command, args).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`✖ ${error.message}`);
      process.exit(1);
    },
  );
}
