/** Visa request helpers for worker tests: a catalogue visa with documents, agencies with money moved through the API. */
import { SELF, env } from "cloudflare:test";
import { expect } from "vitest";
import { BASE, call, freshIp } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, multipart, newCountry, newRequirement, newVisa, pngFile } from "./catalogue-fixtures";

export const FUTURE = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const APPLICANT = {
  FullName: "Ahmed Ali",
  PassportNumber: "A1234567",
  DateOfBirth: "1990-05-01",
  TravelDate: FUTURE(30),
  ReturnDate: FUTURE(45),
  PassportExpiry: FUTURE(900),
};

export interface World {
  admin: string;
  visa: Record<string, any>;
  passportReq: string;
  photoReq: string;
}

/** An admin, a country, two required document requirements and a visa asking for them and for six field kinds. */
export async function world(overrides: Record<string, unknown> = {}): Promise<World> {
  const admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Türkiye", "تركيا", "تورکیا") });
  const passport = await newRequirement(admin, { name: localized("Passport scan", "صورة الجواز", "وێنەی پاسپۆرت") });
  const photo = await newRequirement(admin, { name: localized("Photo", "صورة شخصية", "وێنە") });
  const visa = await newVisa(admin, country._id, {
    title: localized("Tourist visa", "تأشيرة سياحية", "ڤیزای گەشتیاری"),
    price: 10_000,
    fields: Object.keys(APPLICANT),
    requirementIds: [passport._id, photo._id],
    ...overrides,
  });
  return { admin, visa, passportReq: passport._id, photoReq: photo._id };
}

/** Moves money through the API (so the ledger explains every balance). */
export async function topUp(admin: string, agentId: string, amount: number) {
  return expectStatus(await call("POST", `/transactions/update-balance/${agentId}`, { token: admin, body: { operation: "ADD", amount, note: "test top-up" } }), 201);
}

export async function fundedAgency(w: World, amount = 1_000_000, groupId?: string | null) {
  const agency = await agencyIn(groupId);
  if (amount > 0) await topUp(w.admin, agency.id, amount);
  return agency;
}

export async function attachment(token: string, file: File = pngFile("scan.png")): Promise<string> {
  const json = await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", token, { file }), 201);
  return json._id as string;
}

export async function filingBody(w: World, token: string, fields: Record<string, string> = APPLICANT) {
  return {
    visaId: w.visa._id,
    fields,
    documents: [
      { attachmentId: await attachment(token), requirementId: w.passportReq },
      { attachmentId: await attachment(token), requirementId: w.photoReq },
    ],
  };
}

export const file = (token: string, body: unknown, key?: string) =>
  call("POST", "/requests", { token, body, headers: key ? { "Idempotency-Key": key } : {} });

export async function fileOk(w: World, token: string): Promise<Record<string, any>> {
  return expectStatus(await file(token, await filingBody(w, token)), 201);
}

export const balanceOf = async (agentId: string) =>
  (await env.DB.prepare("SELECT balance FROM agents WHERE id = ?").bind(agentId).first<{ balance: number }>())!.balance;

export const ledgerOf = async (agentId: string) =>
  (await env.DB.prepare("SELECT type, amount, balance_after, reference FROM transactions WHERE agent_id = ? ORDER BY created_at, rowid").bind(agentId).all<{
    type: string; amount: number; balance_after: number; reference: string | null;
  }>()).results;

export const patchStatus = (token: string, id: string, body: Record<string, unknown>) => call("PATCH", `/requests/${id}`, { token, body });

export async function reconcileClean(admin: string) {
  const json = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
  expect(json.mismatches, JSON.stringify(json.agencies.filter((a: any) => a.difference !== 0))).toBe(0);
  return json;
}

export const fetchFile = (url: string, token: string) => SELF.fetch(`${BASE}${url}`, { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": freshIp() } });
