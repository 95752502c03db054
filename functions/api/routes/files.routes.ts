/**
 * GET /api/files/<scope>/<name>: files kept in R2 (DESIGN §8). Theme images are public (the login page shows the
 * logo); every other file needs a signed-in session, taken from the bearer header or — for <img> tags, which send no
 * header — from the auth.accessToken cookie. Request documents (scope "request") are served only to the owning agency
 * (agent or staff) and admins, visa images only to callers who may see that visa; anyone else is told the file does
 * not exist (404), so keys reveal nothing.
 */
import { Hono } from "hono";
import { AUTH_COOKIES } from "../../../src/shared/auth-cookies";
import { parseCookies } from "../../http/cookies";
import { isPublicFile, serveFile } from "../../services/files";
import { viewerOf } from "../../services/catalogue";
import { mayReadRequestFile } from "../../services/requests";
import { mayReadVisaFile } from "../../services/visas";
import { maySeeSlip } from "../../services/top-ups";
import { mayReadBrandFile } from "../../services/receipts";
import { sessionExpired } from "../../services/sessions";
import { authenticate } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { notFound } from "../errors";

/**
 * The caller of a GET a page opens as a plain link or <img> (no script adds the bearer header): the bearer header if
 * any, else the auth.accessToken cookie. 401 when neither is a live session.
 */
export async function linkViewer(c: AppContext) {
  const header = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  const token = header ?? parseCookies(c.req.header("Cookie") ?? null)[AUTH_COOKIES.accessToken] ?? null;
  const principal = await authenticate(c, "Agent", token);
  if (!principal) throw sessionExpired("Agent");
  return principal;
}

export const fileRoutes = new Hono<AppEnv>();

fileRoutes.get("/:scope/:name", async (c) => {
  const key = `${c.req.param("scope")}/${c.req.param("name")}`;
  if (!isPublicFile(key)) {
    const principal = await linkViewer(c);
    if (key.startsWith("request/") && !(await mayReadRequestFile(c.env.DB, principal, key))) throw notFound("entity.file");
    // A transfer slip is money (issue 30): its agency's owner and the office, never staff.
    if (key.startsWith("slip/") && !(await maySeeSlip(c.env.DB, principal, key))) throw notFound("entity.file");
    if (key.startsWith("brand/") && !(await mayReadBrandFile(c.env.DB, principal, key))) throw notFound("entity.file");
    // A visa's images only to those who may see the visa (a hidden visa's picture reveals it).
    if (key.startsWith("visa/") && !(await mayReadVisaFile(c.env.DB, await viewerOf(c.env.DB, principal), key))) throw notFound("entity.file");
  }
  const response = await serveFile(c.env.FILES, key, c.req.header("If-None-Match") ?? null);
  if (!response) throw notFound("entity.file");
  // Through the context, so these headers replace the API's default "Cache-Control: no-store".
  for (const [name, value] of response.headers) c.header(name, value);
  // ?download=1: save instead of showing (the request pages' download buttons).
  if (c.req.query("download") === "1") c.header("Content-Disposition", `attachment; filename="${key.split("/").pop()}"`);
  return response.status === 304 || !response.body ? c.body(null, 304) : c.body(response.body, 200);
});
