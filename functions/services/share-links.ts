/**
 * A status link for the traveller (issue 29): the agency makes a link to one visa request that opens without an
 * account on a small page (functions/edge/views/share-page.ts) with the traveller's first name, the visa, the status
 * in words, the date of the last change and the agency's name and phone — never money, documents, passport numbers
 * or the thread.
 *
 * The link is 128 random bits (base64url); only its SHA-256 is stored. One live link per request: making a new one
 * revokes the old. It dies when revoked, and 30 days after the request closed (Approved, Rejected, Canceled). Lookups
 * that find nothing count against the caller's address (20 in 15 minutes, then 429): guessing is slow and noisy.
 */
import type { Locale } from "../../src/shared/locales";
import type { VisaStatus } from "../../src/contract/requests";
import { ApiError } from "../errors";
import { first, run, stmt } from "../db/d1";
import { nowIso } from "../db/ids";
import type { Principal } from "./accounts";
import { translate } from "../i18n";
import { hashToken } from "./sessions";
import { agencyOf } from "./requests";

const FINAL: readonly VisaStatus[] = ["Approved", "Rejected", "Canceled"];
/** How long a link lives after its request closed. */
export const SHARE_AFTER_CLOSE_MS = 30 * 24 * 60 * 60 * 1000;
export const MAX_SHARE_MISSES = 20;
export const SHARE_MISS_WINDOW_MS = 15 * 60 * 1000;
/** The shape of a token we make: 16 bytes in base64url. Anything else is a miss without a lookup. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface ShareLinkAnswer {
  url: string;
  locale: Locale;
  /** When the link stops working: null while the request is open (it lives until 30 days after it closes). */
  expiresAt: string | null;
  /** A WhatsApp-ready message in the traveller's language, with the link. */
  text: string;
}

export interface SharedStatus {
  locale: Locale;
  firstName: string;
  visa: string;
  status: VisaStatus;
  changedAt: string;
  agency: { name: string; phone: string };
}

const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const expiryOf = (status: VisaStatus, updatedAt: string) => (FINAL.includes(status) ? new Date(Date.parse(updatedAt) + SHARE_AFTER_CLOSE_MS).toISOString() : null);

interface RequestForShare {
  id: string; agent_id: string; status: VisaStatus; updated_at: string; fields: string; applicant_name: string | null;
  visa_title_en: string; visa_title_ar: string; visa_title_ku: string; agent_name: string; agent_phone: string;
}

const REQUEST_FOR_SHARE = `SELECT r.id, r.agent_id, r.status, r.updated_at, r.fields, r.applicant_name, r.visa_title_en, r.visa_title_ar, r.visa_title_ku,
  a.name AS agent_name, a.phone AS agent_phone FROM visa_requests r JOIN agents a ON a.id = r.agent_id`;

async function ownRequest(db: D1Database, principal: Principal, id: string): Promise<RequestForShare> {
  const agentId = agencyOf(principal);
  const row = await first<RequestForShare>(db, `${REQUEST_FOR_SHARE} WHERE r.id = ?`, id);
  if (!row || row.agent_id !== agentId) throw new ApiError(404, "errors.notFound", { code: "NOT_FOUND", vars: { thing: "entity.request" } });
  return row;
}

/** The traveller's first name only: the page shows no full name (someone else may see the link). */
function firstNameOf(row: Pick<RequestForShare, "fields" | "applicant_name">): string {
  let full = row.applicant_name ?? "";
  try {
    const fields = JSON.parse(row.fields) as Record<string, string>;
    full = fields.FirstName || fields.FullName || fields.FullQuadRupleName || full;
  } catch {
    // the stored name
  }
  return full.trim().split(/\s+/)[0] ?? "";
}

/** POST requests/{id}/share: a new link (the old one, if any, stops working), in the traveller's language. */
export async function createShareLink(db: D1Database, principal: Principal, requestId: string, locale: Locale, origin: string): Promise<ShareLinkAnswer> {
  const row = await ownRequest(db, principal, requestId);
  const token = newToken();
  const at = nowIso();
  await db.batch([
    stmt(db, "UPDATE share_links SET revoked_at = ? WHERE request_id = ? AND revoked_at IS NULL", at, requestId),
    stmt(db, "INSERT INTO share_links (token_hash, request_id, agent_id, locale, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      await hashToken(token), requestId, row.agent_id, locale, `${principal.kind}:${principal.id}`, at),
  ]);
  const url = `${origin}/s/${token}`;
  const visa = { en: row.visa_title_en, ar: row.visa_title_ar, ku: row.visa_title_ku }[locale] || row.visa_title_en;
  const text = translate(locale, "share.message", { name: firstNameOf(row), visa, agency: row.agent_name, url });
  return { url, locale, expiresAt: expiryOf(row.status, row.updated_at), text };
}

/** DELETE requests/{id}/share: every link of the request stops working. */
export async function revokeShareLinks(db: D1Database, principal: Principal, requestId: string): Promise<void> {
  await ownRequest(db, principal, requestId);
  await run(db, "UPDATE share_links SET revoked_at = ? WHERE request_id = ? AND revoked_at IS NULL", nowIso(), requestId);
}

const tooManyGuesses = (retryAfterS: number) =>
  new ApiError(429, "errors.tooManyGuesses", { code: "RATE_LIMITED", headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterS))) } });

/**
 * What the public page shows for a token, or null (unknown, revoked, expired). Refuses (429) an address that has
 * missed MAX_SHARE_MISSES times in the window, before looking anything up.
 */
export async function sharedStatus(db: D1Database, token: string, ip: string, now = Date.now()): Promise<SharedStatus | null> {
  const key = `share-miss:${ip}`;
  const misses = await first<{ n: number; oldest: number | null }>(db, "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_events WHERE key = ? AND at > ?", key, now - SHARE_MISS_WINDOW_MS);
  if ((misses?.n ?? 0) >= MAX_SHARE_MISSES) throw tooManyGuesses(((misses?.oldest ?? now) + SHARE_MISS_WINDOW_MS - now) / 1000);
  const row = TOKEN.test(token)
    ? await first<RequestForShare & { locale: Locale }>(
      db,
      `SELECT s.locale, r.id, r.agent_id, r.status, r.updated_at, r.fields, r.applicant_name, r.visa_title_en, r.visa_title_ar, r.visa_title_ku,
         a.name AS agent_name, a.phone AS agent_phone
       FROM share_links s JOIN visa_requests r ON r.id = s.request_id JOIN agents a ON a.id = r.agent_id
       WHERE s.token_hash = ? AND s.revoked_at IS NULL`,
      await hashToken(token),
    )
    : null;
  const expiry = row ? expiryOf(row.status, row.updated_at) : null;
  if (!row || (expiry !== null && Date.parse(expiry) <= now)) {
    await db.batch([
      stmt(db, "DELETE FROM rate_events WHERE key = ? AND at <= ?", key, now - SHARE_MISS_WINDOW_MS),
      stmt(db, "INSERT INTO rate_events (key, at) VALUES (?, ?)", key, now),
    ]);
    return null;
  }
  const visa = { en: row.visa_title_en, ar: row.visa_title_ar, ku: row.visa_title_ku }[row.locale] || row.visa_title_en;
  return {
    locale: row.locale, firstName: firstNameOf(row), visa, status: row.status, changedAt: row.updated_at,
    agency: { name: row.agent_name, phone: row.agent_phone },
  };
}
