/** Accounts for worker tests, written through the same service code the API uses (real D1 in workerd). */
import { SELF, env } from "cloudflare:test";
import { hashPassword } from "../../functions/services/passwords";
import { uuidv7, nowIso } from "../../functions/db/ids";

export const BASE = "http://127.0.0.1:8787";
export const PASSWORD = "Passw0rd!";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@test.example`;

let passwordHash: Promise<string> | null = null;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export async function createGroup(name = `Group ${++counter}`): Promise<string> {
  const id = uuidv7();
  await env.DB.prepare("INSERT INTO groups (id, name, is_default, created_at, updated_at) VALUES (?, ?, 0, ?, ?)").bind(id, name, nowIso(), nowIso()).run();
  return id;
}

export async function createAgent(options: { enabled?: boolean; balance?: number; groupId?: string | null; email?: string } = {}) {
  const id = uuidv7();
  const email = options.email ?? uniqueEmail("agent");
  await env.DB.prepare(
    `INSERT INTO agents (id, email, name, contact_name, phone, locale, group_id, balance, enabled, password_hash, created_at, updated_at)
     VALUES (?, ?, 'Test Travel', 'Test Contact', '+964 750 000 0000', 'en', ?, ?, ?, ?, ?, ?)`,
  ).bind(id, email, options.groupId ?? null, options.balance ?? 0, options.enabled === false ? 0 : 1, await hashed(), nowIso(), nowIso()).run();
  return { id, email };
}

export async function createUser(agentId: string, options: { enabled?: boolean } = {}) {
  const id = uuidv7();
  const email = uniqueEmail("staff");
  await env.DB.prepare(
    "INSERT INTO users (id, agent_id, email, name, locale, enabled, password_hash, created_at, updated_at) VALUES (?, ?, ?, 'Test Staff', 'en', ?, ?, ?, ?)",
  ).bind(id, agentId, email, options.enabled === false ? 0 : 1, await hashed(), nowIso(), nowIso()).run();
  return { id, email };
}

export async function createAdmin(options: { enabled?: boolean } = {}) {
  const id = uuidv7();
  const email = uniqueEmail("admin");
  await env.DB.prepare(
    "INSERT INTO admins (id, email, name, password_hash, enabled, created_at, updated_at) VALUES (?, ?, 'Test Admin', ?, ?, ?, ?)",
  ).bind(id, email, await hashed(), options.enabled === false ? 0 : 1, nowIso(), nowIso()).run();
  return { id, email };
}

let ipCounter = 0;
/** Each call site gets its own client address unless it names one, so rate limits of one test do not leak into another. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
  base?: string;
}

export function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": freshIp(), ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  return SELF.fetch(`${options.base ?? BASE}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    redirect: "manual",
  });
}

/** Cookies a response sets, by name, with their attributes. */
export function setCookies(response: Response): Record<string, { value: string; attrs: string[] }> {
  const out: Record<string, { value: string; attrs: string[] }> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
    const index = pair.indexOf("=");
    out[pair.slice(0, index)] = { value: decodeURIComponent(pair.slice(index + 1)), attrs };
  }
  return out;
}

export const cookieHeader = (cookies: Record<string, { value: string }>) =>
  Object.entries(cookies).filter(([, c]) => c.value).map(([name, c]) => `${name}=${encodeURIComponent(c.value)}`).join("; ");

/** Signs in through the edge and answers the visible JSON and the cookies it set. */
export async function signIn(kind: "Agent" | "Admin", email: string, password = PASSWORD) {
  const response = await call("POST", `/auth/login${kind}`, { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = setCookies(response);
  return { body: (await response.json()) as Record<string, unknown>, cookies, token: cookies["auth.accessToken"]!.value, refresh: cookies["auth.refreshToken"]!.value };
}

/** Moves the rotations of every refresh token of one account `ms` into the past (to step past the grace window). */
export async function ageRotations(subjectId: string, ms: number): Promise<void> {
  await env.DB.prepare(
    "UPDATE refresh_tokens SET rotated_at = ? WHERE rotated_at IS NOT NULL AND session_id IN (SELECT id FROM sessions WHERE subject_id = ?)",
  ).bind(new Date(Date.now() - ms).toISOString(), subjectId).run();
}
