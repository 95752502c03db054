/** Catalogue helpers for worker tests: sessions of each kind and records made through the real API. */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { BASE, call, createAdmin, createAgent, createGroup, createUser, freshIp, signIn } from "./fixtures";

export const body = async (response: Response) => (await response.json()) as Record<string, any>;

/** Calls the API and checks the status, answering the JSON (with the response text in the failure message). */
export async function expectStatus(response: Response, status: number): Promise<Record<string, any>> {
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBe(status);
  return text ? (JSON.parse(text) as Record<string, any>) : {};
}

export async function adminToken(): Promise<string> {
  return (await signIn("Admin", (await createAdmin()).email)).token;
}

/** An agency in a group (a new group unless one is given) with its token, and optionally a staff user's token. */
export async function agencyIn(groupId?: string | null) {
  const group = groupId === undefined ? await createGroup() : groupId;
  const agent = await createAgent({ groupId: group });
  const { token } = await signIn("Agent", agent.email);
  return { id: agent.id, groupId: group, token };
}

export async function staffOf(agentId: string): Promise<string> {
  const staff = await createUser(agentId);
  return (await signIn("Agent", staff.email)).token;
}

let codeCounter = 0;
/** Two-letter codes unique within a test file ("QA", "QB", …, then other first letters). */
export function nextCode(): string {
  const n = codeCounter++;
  return String.fromCharCode(65 + ((16 + Math.floor(n / 26)) % 26)) + String.fromCharCode(65 + (n % 26));
}

export const localized = (en: string, ar = `${en} ع`, ku = `${en} ک`) => ({ en, ar, ku });

export async function newCountry(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/countries", { token, body: { name: localized(`Country ${codeCounter}`), code: nextCode(), ...overrides } });
  return expectStatus(response, 201);
}

export async function newRequirement(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/visa-requirements", { token, body: { name: localized("Passport copy"), kind: "document", ...overrides } });
  return expectStatus(response, 201);
}

export async function newVisa(token: string, countryId: string, overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/visa", {
    token,
    body: { countryId, title: localized("Tourist visa"), price: 10_000, processingDays: 5, validityDays: 30, travelMode: "Air", ...overrides },
  });
  return expectStatus(response, 201);
}

/** A multipart call (uploads); `parts` values are strings or files. */
export function multipart(method: string, path: string, token: string | null, parts: Record<string, string | File | (string | File)[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  const headers: Record<string, string> = { "CF-Connecting-IP": freshIp() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return SELF.fetch(`${BASE}/api${path}`, { method, headers, body: form });
}

/** A real 1×1 PNG (so a browser could show it), padded to `size` bytes when asked. */
export function pngFile(name = "photo.png", size?: number): File {
  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  if (!size || size <= png.length) return new File([png], name, { type: "image/png" });
  const padded = new Uint8Array(size);
  padded.set(png);
  return new File([padded], name, { type: "image/png" });
}

export const jpegFile = (name = "photo.jpg") => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])], name, { type: "image/jpeg" });
export const webpFile = (name = "photo.webp") =>
  new File([new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ")], name, { type: "image/webp" });

/** The R2 key behind an /api/files/… URL. */
export const keyOf = (url: string) => url.replace(/^\/api\/files\//, "");
