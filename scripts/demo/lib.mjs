// Helpers for demo-data modules: SQL literals and password hashes in the Worker's format (functions/services/passwords.ts).
import { pbkdf2Sync, randomBytes } from "node:crypto";

const literal = (value) => {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
};

/** A tagged template that quotes every interpolated value as an SQL literal. */
export function sql(strings, ...values) {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? literal(values[i]) : ""), "").replace(/\s+/g, " ").trim();
}

export function hashPassword(password, iterations = 100_000) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return `pbkdf2$${iterations}$${salt.toString("base64")}$${hash.toString("base64")}`;
}
