/**
 * Abuse limits that cannot be turned against users (DESIGN §3, issue 10 item 4).
 *
 * Sign-in failures are counted three ways, each within 15 minutes:
 * - per (account, IP address) and per IP address: 10 failures, then 429 with Retry-After until the oldest failure
 *   leaves the window. Only a caller at that address is held back;
 * - per account, from any address: past 10 failures every further attempt on that account is slowed down (a fixed
 *   delay before the password is checked), never refused, so nobody can lock a known agency out by typing wrong
 *   passwords from elsewhere.
 * A wrong current password on a profile change is a failed sign-in too (services/accounts.ts). A success clears the
 * account's own counts (it proved the password); the address keeps its count.
 *
 * Registration is limited per IP address: 5 applications an hour, then 429 with Retry-After (migration 0007).
 */
import { ApiError } from "../errors";
import { all, run, stmt } from "../db/d1";

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
/** The delay added to each attempt on an account with MAX_FAILURES recent failures from anywhere. */
export const ACCOUNT_SLOWDOWN_MS = 1000;

export const MAX_REGISTRATIONS = 5;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

const keysFor = (account: string, ip: string) => ({ pair: `pair:${account}\u0000${ip}`, ip: `ip:${ip}`, account: `account:${account}` });

const rateLimited = (retryAfterS: number, message = "errors.tooManyLogins") =>
  new ApiError(429, message, { code: "RATE_LIMITED", headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterS))) } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refuses a caller whose address has too many recent failures (on this account or overall); slows down a targeted account. */
export async function assertLoginAllowed(db: D1Database, account: string, ip: string, now = Date.now()): Promise<void> {
  const keys = keysFor(account, ip);
  const rows = await all<{ key: string; n: number; oldest: number }>(
    db,
    "SELECT key, COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE key IN (?, ?, ?) AND at > ? GROUP BY key",
    keys.pair, keys.ip, keys.account, now - WINDOW_MS,
  );
  const blocked = rows.filter((row) => row.key !== keys.account && row.n >= MAX_FAILURES);
  if (blocked.length) throw rateLimited((Math.max(...blocked.map((row) => row.oldest)) + WINDOW_MS - now) / 1000);
  if (rows.some((row) => row.key === keys.account && row.n >= MAX_FAILURES)) await sleep(ACCOUNT_SLOWDOWN_MS);
}

export async function recordLoginFailure(db: D1Database, account: string, ip: string, now = Date.now()): Promise<void> {
  const keys = keysFor(account, ip);
  await db.batch([
    stmt(db, "DELETE FROM login_failures WHERE key IN (?, ?, ?) AND at <= ?", keys.pair, keys.ip, keys.account, now - WINDOW_MS),
    stmt(db, "INSERT INTO login_failures (key, at) VALUES (?, ?), (?, ?), (?, ?)", keys.pair, now, keys.ip, now, keys.account, now),
  ]);
}

/** After a successful sign-in: the account's counts (from this address and overall) start again. */
export const clearAccountFailures = (db: D1Database, account: string, ip: string) => {
  const keys = keysFor(account, ip);
  return run(db, "DELETE FROM login_failures WHERE key IN (?, ?)", keys.pair, keys.account);
};

/** Counts one registration attempt of an address, refusing it (429) past MAX_REGISTRATIONS an hour. */
export async function takeRegistrationSlot(db: D1Database, ip: string, now = Date.now()): Promise<void> {
  const key = `register:${ip}`;
  const [, taken] = await db.batch([
    stmt(db, "DELETE FROM rate_events WHERE key = ? AND at <= ?", key, now - REGISTRATION_WINDOW_MS),
    // Insert only while under the limit, in the same transaction as the count: parallel requests cannot overshoot.
    stmt(db, "INSERT INTO rate_events (key, at) SELECT ?, ? WHERE (SELECT COUNT(*) FROM rate_events WHERE key = ?) < ?", key, now, key, MAX_REGISTRATIONS),
  ]);
  if (taken?.meta.changes === 1) return;
  const oldest = (await all<{ oldest: number | null }>(db, "SELECT MIN(at) AS oldest FROM rate_events WHERE key = ?", key))[0]?.oldest ?? now;
  throw rateLimited((oldest + REGISTRATION_WINDOW_MS - now) / 1000, "errors.tooManyRegistrations");
}
