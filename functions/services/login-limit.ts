/**
 * Sign-in rate limit (DESIGN §3): 10 failed sign-ins in 15 minutes per account and per IP address; the next attempt
 * is a 429 with Retry-After until the oldest failure leaves the window. A success clears the account's failures.
 */
import { ApiError } from "../errors";
import { all, run, stmt } from "../db/d1";

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

const keysFor = (account: string, ip: string) => [`account:${account}`, `ip:${ip}`];

export async function assertLoginAllowed(db: D1Database, account: string, ip: string, now = Date.now()): Promise<void> {
  const [accountKey, ipKey] = keysFor(account, ip);
  const rows = await all<{ key: string; n: number; oldest: number }>(
    db,
    "SELECT key, COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE key IN (?, ?) AND at > ? GROUP BY key",
    accountKey!, ipKey!, now - WINDOW_MS,
  );
  const blocked = rows.filter((row) => row.n >= MAX_FAILURES);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...blocked.map((row) => row.oldest)) + WINDOW_MS - now) / 1000));
  throw new ApiError(429, "errors.tooManyLogins", { code: "RATE_LIMITED", headers: { "Retry-After": String(retryAfter) } });
}

export async function recordLoginFailure(db: D1Database, account: string, ip: string, now = Date.now()): Promise<void> {
  const [accountKey, ipKey] = keysFor(account, ip);
  await db.batch([
    stmt(db, "DELETE FROM login_failures WHERE key IN (?, ?) AND at <= ?", accountKey!, ipKey!, now - WINDOW_MS),
    stmt(db, "INSERT INTO login_failures (key, at) VALUES (?, ?), (?, ?)", accountKey!, now, ipKey!, now),
  ]);
}

export const clearAccountFailures = (db: D1Database, account: string) => run(db, "DELETE FROM login_failures WHERE key = ?", `account:${account}`);
