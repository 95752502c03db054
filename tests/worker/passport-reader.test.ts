/**
 * passport-reader/ocr: success with field kinds and flags, 400 for lines that are not an MRZ, 401, 403 for admins.
 * passport-reader/upload: the picture kept in the agency's attachment store (the one requests use), private to it.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { checkDigit } from "../../src/shared/mrz";
import { call } from "./fixtures";
import { adminToken, agencyIn, expectStatus, multipart, pngFile, staffOf } from "./catalogue-fixtures";

const SPECIMEN = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];

/** A passport of Iraq valid until `expiry` (YYMMDD), four-part name, correct check digits. */
function passport(expiry: string): string[] {
  const number = "A12345678";
  const body = `${number}${checkDigit(number)}IRQ850304${checkDigit("850304")}M${expiry}${checkDigit(expiry)}${"<".repeat(14)}<`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [`P<IRQALSAADI<<AHMED<KADHIM<JASIM`.padEnd(44, "<"), body + composite];
}
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, "");

let agent: string;
let staff: string;
let admin: string;

beforeAll(async () => {
  const agency = await agencyIn();
  agent = agency.token;
  staff = await staffOf(agency.id);
  admin = await adminToken();
});

describe("POST passport-reader/ocr", () => {
  it("answers the field kinds with confidences; a valid passport has no flags", async () => {
    const json = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: passport("350101"), ocrConfidence: 90 } }), 200);
    expect(json.format).toBe("TD3");
    expect(json.valid).toBe(true);
    expect(json.flags).toEqual([]);
    const fields = Object.fromEntries(json.fields.map((f: { kind: string; value: string }) => [f.kind, f.value]));
    expect(fields).toEqual({
      FullName: "AHMED KADHIM JASIM ALSAADI", FullQuadRupleName: "AHMED KADHIM JASIM ALSAADI", PassportNumber: "A12345678",
      DateOfBirth: "1985-03-04", PassportExpiry: "2035-01-01", Nationality: "IRQ", Sex: "M",
    });
    for (const f of json.fields) expect(f.confidence).toBeGreaterThan(0.5);
  });

  it("flags an expired passport, a failed check digit by field, and expiry within six months of the travel date (staff user)", async () => {
    const expired = await expectStatus(await call("POST", "/passport-reader/ocr", { token: staff, body: { lines: SPECIMEN } }), 200);
    expect(expired.flags).toEqual([{ code: "EXPIRED", expiryDate: "2012-04-15" }]);

    const broken = [SPECIMEN[0], SPECIMEN[1]!.replace("7408122F", "7408123F")];
    const failed = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: broken } }), 200);
    expect(failed.valid).toBe(false);
    expect(failed.flags).toEqual(expect.arrayContaining([{ code: "CHECK_DIGIT_FAILED", field: "birthDate" }]));

    const inFourMonths = new Date(Date.now() + 120 * 86_400_000);
    const soon = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: passport(yymmdd(inFourMonths)) } }), 200);
    expect(soon.flags.map((f: { code: string }) => f.code)).toEqual(["EXPIRES_SOON"]);

    const inTenMonths = new Date(Date.now() + 300 * 86_400_000);
    const travel = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const later = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: passport(yymmdd(inTenMonths)), travelDate: travel } }), 200);
    expect(later.flags).toEqual([{ code: "EXPIRES_SOON", expiryDate: inTenMonths.toISOString().slice(0, 10), reference: travel }]);
  });

  it("answers 400 naming the field for lines that are not an MRZ, and for a bad body", async () => {
    const short = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: ["P<UTOERIKSSON", "L898902C3"] } }), 400);
    expect(short.message).toEqual(["lines: These lines do not have the length of a machine-readable zone (44 characters on a passport)."]);
    const chars = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: [SPECIMEN[0], SPECIMEN[1]!.replace("F", "?")] } }), 400);
    expect(chars.message).toEqual(["lines: The machine-readable zone holds only capital letters A to Z, digits and the < sign."]);
    const bad = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: "x", travelDate: "soon", extra: 1 } }), 400);
    expect(bad.message).toEqual(expect.arrayContaining([expect.stringMatching(/^lines: /), expect.stringMatching(/^travelDate: /), expect.stringMatching(/^extra: /)]));
    const one = await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: { lines: [SPECIMEN[0]] } }), 400);
    expect(one.message).toEqual(["lines: This is too short."]);
    await expectStatus(await call("POST", "/passport-reader/ocr", { token: agent, body: "{not json" }), 400);
  });

  it("answers 401 without a session and 403 for admins", async () => {
    const anonymous = await expectStatus(await call("POST", "/passport-reader/ocr", { body: { lines: SPECIMEN } }), 401);
    expect(anonymous.message).toMatch(/^Agent /);
    await expectStatus(await call("POST", "/passport-reader/ocr", { token: admin, body: { lines: SPECIMEN } }), 403);
  });
});

describe("POST passport-reader/upload", () => {
  it("keeps the picture as an attachment of the agency, served to it only", async () => {
    const agency = await agencyIn();
    const stored = await expectStatus(await multipart("POST", "/passport-reader/upload", agency.token, { file: pngFile("passport page.png") }), 201);
    expect(stored).toMatchObject({ name: "passport page.png", contentType: "image/png" });
    const row = await env.DB.prepare("SELECT agent_id, source FROM attachments WHERE id = ?").bind(stored._id).first();
    expect(row).toEqual({ agent_id: agency.id, source: "passport" });
    const own = await SELF.fetch(`http://127.0.0.1:8787${stored.url}`, { headers: { Authorization: `Bearer ${agency.token}` } });
    expect(own.status).toBe(200);
    expect((await own.arrayBuffer()).byteLength).toBe(pngFile().size);
    const other = await agencyIn();
    expect((await SELF.fetch(`http://127.0.0.1:8787${stored.url}`, { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(404);
    // A staff user of the agency may keep one too.
    await expectStatus(await multipart("POST", "/passport-reader/upload", await staffOf(agency.id), { file: pngFile() }), 201);
  });

  it("keeps a PDF scan as it was chosen (the browser reads a page of it; the document is the PDF)", async () => {
    const agency = await agencyIn();
    const bytes = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    const pdf = new File([bytes], "passport scan.pdf", { type: "application/pdf" });
    const stored = await expectStatus(await multipart("POST", "/passport-reader/upload", agency.token, { file: pdf }), 201);
    expect(stored).toMatchObject({ name: "passport scan.pdf", contentType: "application/pdf", size: bytes.length });
    const served = await SELF.fetch(`http://127.0.0.1:8787${stored.url}`, { headers: { Authorization: `Bearer ${agency.token}` } });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("answers 400 without a file, 415 for a file that is not an image or PDF, 401 and 403", async () => {
    await expectStatus(await multipart("POST", "/passport-reader/upload", agent, { note: "x" }), 400);
    const text = new File([new TextEncoder().encode("not a picture")], "p.jpg", { type: "image/jpeg" });
    await expectStatus(await multipart("POST", "/passport-reader/upload", agent, { file: text }), 415);
    await expectStatus(await multipart("POST", "/passport-reader/upload", null, { file: pngFile() }), 401);
    await expectStatus(await multipart("POST", "/passport-reader/upload", admin, { file: pngFile() }), 403);
  });
});
