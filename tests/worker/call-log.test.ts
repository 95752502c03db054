/**
 * Issue 31: one structured JSON log line per API call (functions/api/call-log.ts), read here as the runtime writes it
 * (the console, captured). The line names the call — request id, route pattern, caller kind and ids, status, error
 * code, duration, D1 rows read and written — and never carries a secret or personal data: not the password or the
 * tokens of a sign-in, not the passport number or the document name of a filing, not a search typed into a list.
 * A failed call's line has the request id its error envelope shows the user.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../functions/api/app";
import { BASE, call, createAgent, PASSWORD, signIn } from "./fixtures";
import { expectStatus, multipart, pngFile } from "./catalogue-fixtures";
import { APPLICANT, topUp, world } from "./requests-fixtures";
import type { CallLogLine } from "../../functions/api/call-log";

let written: string[] = [];

beforeEach(() => {
  written = [];
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** The API's lines, parsed (each one whole JSON). */
const apiLines = () =>
  written.filter((text) => text.includes('"type":"api"')).map((text) => JSON.parse(text) as CallLogLine);

describe("the API's log lines (issue 31)", { timeout: 60_000 }, () => {
  it("one line per call, with its route, caller, status and D1 rows, and nothing secret or personal", async () => {
    const w = await world();
    const agent = await createAgent();
    await topUp(w.admin, agent.id, 50_000);
    written = [];

    // A sign-in: the password goes up, an access and a refresh token come back (as cookies and JSON).
    const session = await signIn("Agent", agent.email);
    const passportNumber = "ZX9876543";
    const documentName = "ahmed-ali-passport-ZX.png";
    const upload = await expectStatus(
      await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", session.token, { file: pngFile(documentName) }),
      201,
    );
    const photo = await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", session.token, { file: pngFile("face.png") }), 201);
    const filed = await expectStatus(
      await call("POST", "/requests", {
        token: session.token,
        body: {
          visaId: w.visa._id, fields: { ...APPLICANT, PassportNumber: passportNumber },
          documents: [{ attachmentId: upload._id, requirementId: w.passportReq }, { attachmentId: photo._id, requirementId: w.photoReq }],
        },
      }),
      201,
    );
    // A search for the passport number: the query string is not logged either.
    await expectStatus(await call("GET", `/requests/agent-list?search=${passportNumber}`, { token: session.token }), 200);

    const lines = apiLines();
    expect(lines.map((line) => `${line.method} ${line.route} ${line.status}`)).toEqual([
      "POST /api/auth/loginAgent 200",
      "POST /api/requests/upload-attachment-to-s3-by-agent 201",
      "POST /api/requests/upload-attachment-to-s3-by-agent 201",
      "POST /api/requests 201",
      "GET /api/requests/agent-list 200",
    ]);
    const filing = lines[3]!;
    expect(filing).toMatchObject({ level: "info", caller: "Agent", callerId: agent.id, agencyId: agent.id });
    expect(filing.requestId).toMatch(/\S{8,}/);
    expect(filing.durationMs).toBeGreaterThanOrEqual(0);
    // The filing read the visa, the balance and more, and wrote the request, its documents, history and ledger row.
    expect(filing.d1.rowsRead).toBeGreaterThan(0);
    expect(filing.d1.rowsWritten).toBeGreaterThan(3);
    expect(lines[0]).toMatchObject({ caller: "anonymous", agencyId: null });

    const everything = written.join("\n");
    for (const secret of [PASSWORD, session.token, session.refresh, passportNumber, documentName, filed.fields.FullName as string]) {
      expect(everything, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
  });

  it("a failed call's line carries the request id and code its error envelope shows the user", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    written = [];
    const missing = await call("GET", "/requests/one-by-agent/0193a000-0000-7000-8000-00000000dead", { token });
    const envelope = await expectStatus(missing, 404);
    const refused = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: "Wrong#password1" } });
    expect(refused.status).toBe(401);
    const nowhere = await call("GET", "/no-such-call");
    expect(nowhere.status).toBe(404);

    const [notFound, wrongPassword, noRoute] = apiLines();
    expect(notFound).toMatchObject({
      level: "warn", requestId: envelope.requestId, route: "/api/requests/one-by-agent/:id", status: 404, code: envelope.code,
      caller: "Agent", agencyId: agent.id,
    });
    expect(missing.headers.get("X-Request-Id")).toBe(envelope.requestId);
    expect(wrongPassword).toMatchObject({ route: "/api/auth/loginAgent", status: 401, caller: "anonymous" });
    expect(noRoute).toMatchObject({ route: null, status: 404, code: "NOT_FOUND" });
    expect(written.join("\n")).not.toContain("Wrong#password1");
  });

  it("a server failure: the user's message names the request id, and the error line has it with the stack", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    written = [];
    // D1 failing under the call (an outage): not the caller's fault, a 500.
    const failingDb = {
      prepare: () => { throw new Error("D1_ERROR: simulated outage"); },
      withSession: () => failingDb,
    } as unknown as D1Database;
    const response = await api.fetch(
      new Request(`${BASE}/api/agents/currentAgentData`, { headers: { Authorization: `Bearer ${token}`, "Accept-Language": "ar" } }),
      { ...env, DB: failingDb },
    );
    expect(response.status).toBe(500);
    const envelope = (await response.json()) as { message: string; requestId: string; code: string };
    expect(envelope.code).toBe("INTERNAL");
    // The toast shows the message: in the caller's language, with the id the operator searches for.
    expect(envelope.message).toContain("فريق الدعم");
    expect(envelope.message).toContain(envelope.requestId);
    const [line] = apiLines();
    expect(line).toMatchObject({ level: "error", requestId: envelope.requestId, status: 500, code: "INTERNAL", route: "/api/agents/currentAgentData" });
    expect(line!.error).toContain("simulated outage");
    expect(written.join("\n")).not.toContain(token);
  });
});
