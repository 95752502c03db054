/**
 * Issue 31: reads may come from a D1 read replica, yet a browser always reads its own writes (functions/api/d1-session.ts).
 * The bookmark travels in the `d1.bookmark` cookie: a write's answer carries the primary's bookmark, the next read
 * opens its session from it. Money, idempotency and status moves run on the primary, outside any session.
 * (Local D1 has no replicas, so what is checked is the plumbing a replica would obey: which bookmark each call's
 * session starts from, and which calls use no session at all.)
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../functions/api/app";
import { BOOKMARK_COOKIE } from "../../functions/api/d1-session";
import { BASE, call, setCookies } from "./fixtures";
import { expectStatus, multipart, pngFile } from "./catalogue-fixtures";
import { APPLICANT, fundedAgency, world } from "./requests-fixtures";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32,64}$/i;
const bookmarkOf = (response: Response) => setCookies(response)[BOOKMARK_COOKIE];

/** The D1 binding, recording which sessions each call opened and where its statements ran. */
function watchedDb() {
  const seen = { sessions: [] as string[], onPrimary: [] as string[], inSessions: [] as string[] };
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => (seen.onPrimary.push(sql), target.prepare(sql));
      if (key === "withSession") {
        return (from: string) => {
          seen.sessions.push(from);
          const session = target.withSession(from);
          return new Proxy(session, {
            get(inner, name) {
              if (name === "prepare") return (sql: string) => (seen.inSessions.push(sql), inner.prepare(sql));
              const value = Reflect.get(inner, name, inner);
              return typeof value === "function" ? value.bind(inner) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, seen };
}

describe("D1 sessions with the browser's bookmark (issue 31)", { timeout: 60_000 }, () => {
  it("reads its own writes across two calls: the filing's bookmark opens the next read's session", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 50_000);
    const documents = [];
    for (const requirementId of [w.passportReq, w.photoReq]) {
      const upload = await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", agency.token, { file: pngFile() }), 201);
      documents.push({ attachmentId: upload._id, requirementId });
    }
    const filing = await call("POST", "/requests", { token: agency.token, body: { visaId: w.visa._id, fields: APPLICANT, documents } });
    const filed = await expectStatus(filing, 201);
    const written = bookmarkOf(filing);
    expect(written?.value, "the write's answer carries the primary's bookmark").toMatch(BOOKMARK);
    expect(written!.attrs).toContain("HttpOnly");

    // The next call, with that cookie (as the browser sends it): the request and the charged balance are there.
    const { db, seen } = watchedDb();
    const cookie = `${BOOKMARK_COOKIE}=${written!.value}`;
    const read = await api.fetch(
      new Request(`${BASE}/api/requests/one-by-agent/${filed._id}`, { headers: { Authorization: `Bearer ${agency.token}`, Cookie: cookie } }),
      { ...env, DB: db },
    );
    expect(read.status).toBe(200);
    expect(((await read.json()) as { reference: string }).reference).toBe(filed.reference);
    expect(seen.sessions).toEqual([written!.value]);
    expect(seen.inSessions.length).toBeGreaterThan(0);
    expect(seen.onPrimary).toEqual([]);
    // The cookie moves forward, never back.
    const next = bookmarkOf(read);
    if (next) expect(next.value > written!.value).toBe(true);

    const balance = await call("GET", "/agents/balance", { token: agency.token, cookie });
    expect(((await expectStatus(balance, 200)) as { balance: number }).balance).toBe(50_000 - filed.price);
  });

  it("money moves run on the primary, outside any session; only the bookmark is read after them", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 0);
    const { db, seen } = watchedDb();
    const topUp = await api.fetch(
      new Request(`${BASE}/api/transactions/update-balance/${agency.id}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${w.admin}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), Cookie: `${BOOKMARK_COOKIE}=00000000-00000001-00000000-00000000000000000000000000000000` },
        body: JSON.stringify({ operation: "ADD", amount: 1_000, note: "session test" }),
      }),
      { ...env, DB: db },
    );
    expect(topUp.status).toBe(201);
    expect(seen.onPrimary.some((sql) => /transactions/i.test(sql))).toBe(true);
    // One session, opened after the work on the primary to learn its bookmark: nothing of the move ran in it.
    expect(seen.sessions).toEqual(["first-primary"]);
    expect(seen.inSessions).toEqual(["SELECT 1"]);
    expect(bookmarkOf(topUp)?.value).toMatch(BOOKMARK);
  });

  it("a read without a bookmark may go anywhere; a cookie that is not a bookmark is ignored, never a 500", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 0);
    for (const cookie of [undefined, `${BOOKMARK_COOKIE}=not-a-bookmark`, `${BOOKMARK_COOKIE}=%00%ff`]) {
      const { db, seen } = watchedDb();
      const response = await api.fetch(
        new Request(`${BASE}/api/agents/balance`, { headers: { Authorization: `Bearer ${agency.token}`, ...(cookie ? { Cookie: cookie } : {}) } }),
        { ...env, DB: db },
      );
      expect(response.status).toBe(200);
      expect(seen.sessions).toEqual(["first-unconstrained"]);
      expect(bookmarkOf(response)?.value).toMatch(BOOKMARK);
    }
  });
});
