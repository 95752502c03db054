/**
 * The audit log is append-only (issue 29 item 2): no API, no admin and no migration may change or delete a row. The
 * database's triggers stop UPDATE and DELETE at run time (tests/worker/audit-log.test.ts); a migration could still
 * drop the table, its triggers, or rebuild it, so every migration after the one that made it is read here and fails
 * the build if it touches the table in any way but reading.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = join(import.meta.dirname, "../../functions/db/migrations");
const CREATED_IN = "0023_threads_audit.sql";

/** The statements of a migration that would change the audit log, its rows or its guards. */
export function auditTampering(sql: string): string[] {
  const code = sql.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
  const patterns = [
    /\b(UPDATE|DELETE\s+FROM|INSERT\s+OR\s+REPLACE\s+INTO|REPLACE\s+INTO|DROP\s+TABLE(\s+IF\s+EXISTS)?|ALTER\s+TABLE)\s+["`[]?audit_log\b/gi,
    /\bDROP\s+TRIGGER(\s+IF\s+EXISTS)?\s+["`[]?audit_log_/gi,
    /\bCREATE\s+TRIGGER\b[\s\S]*?\bON\s+["`[]?audit_log\b/gi,
    /\bPRAGMA\s+(writable_schema|ignore_check_constraints)\b/gi,
  ];
  return patterns.flatMap((p) => code.match(p) ?? []);
}

describe("no migration may change the audit log", () => {
  it("finds tampering in the ways a migration could try", () => {
    expect(auditTampering("DELETE FROM audit_log WHERE at < '2026-01-01';")).toHaveLength(1);
    expect(auditTampering("UPDATE audit_log SET actor_name = 'x';")).toHaveLength(1);
    expect(auditTampering("DROP TRIGGER IF EXISTS audit_log_no_delete;")).toHaveLength(1);
    expect(auditTampering('DROP TABLE "audit_log";')).toHaveLength(1);
    expect(auditTampering("ALTER TABLE audit_log RENAME TO old_log;")).toHaveLength(1);
    expect(auditTampering("CREATE TRIGGER sneaky AFTER INSERT ON audit_log BEGIN DELETE FROM audit_log; END;")).toHaveLength(2);
    expect(auditTampering("-- UPDATE audit_log in a comment is no statement\nSELECT * FROM audit_log;")).toEqual([]);
  });

  it("passes every migration after the one that made the log", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".sql")).sort();
    expect(files).toContain(CREATED_IN);
    const later = files.filter((f) => f > CREATED_IN);
    for (const file of later) expect(auditTampering(readFileSync(join(DIR, file), "utf8")), file).toEqual([]);
    // The one that made it creates exactly the two guards and nothing that undoes them.
    const own = readFileSync(join(DIR, CREATED_IN), "utf8");
    expect(own).toMatch(/BEFORE UPDATE ON audit_log BEGIN SELECT RAISE\(ABORT/);
    expect(own).toMatch(/BEFORE DELETE ON audit_log BEGIN SELECT RAISE\(ABORT/);
  });

  it("no code of the Worker writes to the log but by INSERT", () => {
    const sources = readdirSync(join(import.meta.dirname, "../../functions"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => readFileSync(join(import.meta.dirname, "../../functions", f), "utf8"));
    for (const source of sources) expect(source).not.toMatch(/\b(UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+audit_log\b/i);
  });
});
