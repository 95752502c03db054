/**
 * Reads from the nearest replica, writes seen at once (issue 31): D1's Sessions API with the bookmark carried per
 * browser in a cookie. The app context picks, per API call, which D1 the services get as `c.env.DB` — they never know:
 *
 * - GET and HEAD (reads): a session from the browser's bookmark (`d1.bookmark`), so a replica may answer, but only
 *   one that has everything this browser has seen, its own writes included; without a bookmark, the nearest replica.
 * - Every other method (filings, money moves, status moves, idempotency keys, sign-ins): the database itself, no
 *   session, so every statement of the call runs on the primary — the compare-and-set writes and the ledger's
 *   batches decide on the primary's rows, never on a replica's.
 *
 * After the call the browser gets the newest bookmark it has caused or seen: a read's session bookmark, or after a
 * write the primary's (one `SELECT 1` in a fresh first-primary session, since the writes ran outside any session).
 * The cookie only moves forward. With read replication off (the default of a D1 database) every session is served by
 * the primary and nothing changes but the cookie.
 */
import type { MiddlewareHandler } from "hono";
import { parseCookies, secureCookies, serializeCookie } from "../http/cookies";
import type { AppEnv } from "./context";

export const BOOKMARK_COOKIE = "d1.bookmark";
/** D1 bookmarks: four dash-separated hex fields; they compare in commit order as strings. Anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32,64}$/i;
const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** The bookmark a request carries, when it is one. */
export function carriedBookmark(cookieHeader: string | null): string | null {
  const value = parseCookies(cookieHeader)[BOOKMARK_COOKIE];
  return value && BOOKMARK.test(value) ? value : null;
}

export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const carried = carriedBookmark(c.req.header("Cookie") ?? null);
  const database = c.env.DB;
  const session = READS.has(c.req.method) ? database.withSession(carried ?? "first-unconstrained") : null;
  // The session offers what services use (prepare, batch); the rest of D1Database is never called on it.
  if (session) c.env = { ...c.env, DB: session as unknown as D1Database };
  await next();
  // A WebSocket handed over (api/live) keeps its handshake response as it is; an error answer sets no cookie (what a
  // refused call wrote, such as a failed sign-in's count, is nothing its browser reads back).
  if (c.res.status === 101 || c.res.status >= 400) return;
  let bookmark = session?.getBookmark() ?? null;
  if (!session) {
    const probe = database.withSession("first-primary");
    await probe.prepare("SELECT 1").run();
    bookmark = probe.getBookmark();
  }
  if (!bookmark || (carried && bookmark <= carried)) return;
  // HttpOnly: only the edge and the API read it. A day: older bookmarks are still valid, just no longer useful.
  c.header("Set-Cookie", serializeCookie(BOOKMARK_COOKIE, bookmark, { httpOnly: true, maxAge: 86_400, secure: secureCookies(new URL(c.req.url)) }), { append: true });
};
