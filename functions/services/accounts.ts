/** Sign-in, registration and own-account rules for agencies, their staff and admins (DESIGN §3). */
import type {
  AgentRecord, CurrentUserResponse, RegisterAgentInput, SessionKindName, SessionResponse, UpdateAgentInput, UpdateUserInput,
} from "../../src/contract/auth";
import { ApiError, CREDENTIALS_MESSAGE, notFound } from "../errors";
import type { Config } from "../config";
import {
  activeSessionSubject, type AgentRow, adminByEmail, adminById, adminRecord, agentByEmail, agentById, agentRecord, defaultGroupId, emailTaken, groupExists,
  insertAgent, updateColumns, userByEmail, userById, userRecord,
} from "../db/accounts";
import { isUniqueViolation, type Param } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure, takeRegistrationSlot } from "./login-limit";
import { hashPassword, verifyPassword } from "./passwords";
import { revokeSessionsOf, rotateSession, startSession, type IssuedTokens } from "./sessions";

export interface Deps {
  db: D1Database;
  cfg: Config;
}

/** Who is calling: checked against D1 on every request, so logout and disabling take effect at once. */
export interface Principal {
  kind: SessionKindName;
  id: string;
  sessionId: string;
  /** The agency whose data this caller sees: the agent itself, or the staff user's agency. */
  agentId: string | null;
  name: string;
}

const credentialsWrong = () => new ApiError(401, CREDENTIALS_MESSAGE, "INVALID_CREDENTIALS");
const accountDisabled = () => new ApiError(403, "errors.accountDisabled", "ACCOUNT_DISABLED");
/** Each refusal in its reader's words (issue 26 item 5): waiting for approval, stopped by the office, or by the agency. */
const agencyStopped = () => new ApiError(403, "errors.agencyStopped", "ACCOUNT_DISABLED");
const staffStopped = () => new ApiError(403, "errors.staffStopped", "ACCOUNT_DISABLED");
const agencyRefusal = (agency: AgentRow) => (agency.approved_at ? agencyStopped() : accountDisabled());

const money = (cfg: Config) => ({ currency: cfg.currency });

function sessionAnswer(tokens: IssuedTokens, kind: SessionKindName, records: Omit<SessionResponse, "access_token" | "refresh_token" | "kind">): SessionResponse {
  return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, kind, ...records };
}

/** auth/loginAgent: an agency, or a staff member of an enabled agency. Unknown email and wrong password look alike. */
export async function loginAgent({ db, cfg }: Deps, email: string, password: string, ip: string): Promise<SessionResponse> {
  await assertLoginAllowed(db, email, ip);
  const agent = await agentByEmail(db, email);
  const user = agent ? null : await userByEmail(db, email);
  const ok = await verifyPassword(password, agent?.password_hash ?? user?.password_hash ?? null);
  if (!ok) {
    await recordLoginFailure(db, email, ip);
    throw credentialsWrong();
  }
  await clearAccountFailures(db, email, ip);
  if (agent) {
    if (agent.enabled !== 1) throw agencyRefusal(agent);
    const tokens = await startSession(db, cfg, "Agent", agent.id);
    return sessionAnswer(tokens, "Agent", { agent: agentRecord(agent, money(cfg)) });
  }
  const agency = user ? await agentById(db, user.agent_id) : null;
  if (!user || !agency) throw accountDisabled();
  if (agency.enabled !== 1) throw agencyRefusal(agency);
  if (user.enabled !== 1) throw staffStopped();
  const tokens = await startSession(db, cfg, "User", user.id, agency.id);
  return sessionAnswer(tokens, "User", { agent: agentRecord(agency, null), user: userRecord(user) });
}

export async function loginAdmin({ db, cfg }: Deps, email: string, password: string, ip: string): Promise<SessionResponse> {
  await assertLoginAllowed(db, email, ip);
  const admin = await adminByEmail(db, email);
  if (!(await verifyPassword(password, admin?.password_hash ?? null)) || !admin) {
    await recordLoginFailure(db, email, ip);
    throw credentialsWrong();
  }
  await clearAccountFailures(db, email, ip);
  if (admin.enabled !== 1) throw accountDisabled();
  const tokens = await startSession(db, cfg, "Admin", admin.id);
  return sessionAnswer(tokens, "Admin", { admin: adminRecord(admin) });
}

/** auth/refresh{Kind}Token: rotates the token and answers the fresh records (spec §3: admin or agent). */
export async function refresh(deps: Deps, kind: SessionKindName, refreshToken: string): Promise<SessionResponse> {
  const { db, cfg } = deps;
  const tokens = await rotateSession(db, cfg, kind, refreshToken, async (subject, sessionId) => {
    const account = await activeSessionSubject(db, kind, subject, sessionId);
    return account ? { agency: kind === "User" ? account.agent_id ?? undefined : undefined } : null;
  });
  return sessionAnswer(tokens, kind, await sessionRecords(deps, kind, tokens.subject));
}

/** The records a session answer carries (GET auth/session, refresh). */
export async function sessionRecords({ db, cfg }: Deps, kind: SessionKindName, id: string): Promise<Omit<SessionResponse, "access_token" | "refresh_token" | "kind">> {
  if (kind === "Admin") {
    const admin = await adminById(db, id);
    if (!admin) throw notFound("entity.admin");
    return { admin: adminRecord(admin) };
  }
  if (kind === "Agent") {
    const agent = await agentById(db, id);
    if (!agent) throw notFound("entity.agent");
    return { agent: agentRecord(agent, money(cfg)) };
  }
  const user = await userById(db, id);
  const agency = user ? await agentById(db, user.agent_id) : null;
  if (!user || !agency) throw notFound("entity.user");
  return { agent: agentRecord(agency, null), user: userRecord(user) };
}

/**
 * agents/create. A visitor's application starts disabled (an admin enables it); an admin's creation is enabled at
 * once and may pick the group. Without a chosen group the agency joins the default group.
 */
export async function registerAgent({ db, cfg }: Deps, input: RegisterAgentInput & { locale: string }, byAdmin: boolean, ip: string): Promise<AgentRecord> {
  // Visitors' applications are limited per address (DESIGN §3); the slot is taken before the email check, so the
  // limit also bounds probing which emails are registered.
  if (!byAdmin) await takeRegistrationSlot(db, ip);
  if (await emailTaken(db, input.email)) throw new ApiError(409, "errors.emailTaken", "EMAIL_TAKEN");
  let groupId = await defaultGroupId(db);
  if (byAdmin && input.groupId) {
    if (!(await groupExists(db, input.groupId))) throw notFound("entity.group");
    groupId = input.groupId;
  }
  const id = uuidv7();
  const now = nowIso();
  try {
    await insertAgent(db, {
      id, email: input.email, name: input.name, contact_name: input.contactName, phone: input.phone,
      address: input.address || null, city: input.city || null, locale: input.locale, group_id: groupId,
      enabled: byAdmin ? 1 : 0, password_hash: await hashPassword(input.password), created_at: now, updated_at: now,
    });
  } catch (error) {
    // Two applications with one email at the same moment: the index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new ApiError(409, "errors.emailTaken", "EMAIL_TAKEN");
    throw error;
  }
  const row = await agentById(db, id);
  return agentRecord(row!, byAdmin ? money(cfg) : null);
}

/** Who is changing their profile, for the sign-in limits a password check counts against. */
export interface Caller {
  email: string;
  ip: string;
}

/**
 * A password change needs the current password; it ends every other session of the account. A wrong current
 * password is a failed sign-in (DESIGN §3): a stolen access token must not become a way to guess the password.
 */
async function passwordColumns(
  db: D1Database, kind: SessionKindName, principal: Principal, storedHash: string, input: { currentPassword?: string; newPassword?: string }, caller: Caller,
): Promise<Record<string, Param>> {
  if (!input.newPassword) return {};
  await assertLoginAllowed(db, caller.email, caller.ip);
  if (!(await verifyPassword(input.currentPassword ?? "", storedHash))) {
    await recordLoginFailure(db, caller.email, caller.ip);
    throw new ApiError(400, ["currentPassword: {{v0}}"], { code: "WRONG_PASSWORD", vars: { v0: "validation.currentPasswordWrong" } });
  }
  await revokeSessionsOf(db, kind, principal.id, "password-changed", principal.sessionId);
  return { password_hash: await hashPassword(input.newPassword) };
}

export async function currentAgent({ db, cfg }: Deps, principal: Principal): Promise<AgentRecord> {
  const agent = principal.agentId ? await agentById(db, principal.agentId) : null;
  if (!agent) throw notFound("entity.agent");
  return agentRecord(agent, principal.kind === "Agent" ? money(cfg) : null);
}

export async function updateOwnAgent(deps: Deps, principal: Principal, input: UpdateAgentInput, ip: string): Promise<AgentRecord> {
  const agent = await agentById(deps.db, principal.id);
  if (!agent) throw notFound("entity.agent");
  const columns: Record<string, Param> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.contactName !== undefined && { contact_name: input.contactName }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.address !== undefined && { address: input.address || null }),
    ...(input.city !== undefined && { city: input.city || null }),
    ...(input.locale !== undefined && { locale: input.locale }),
    ...(await passwordColumns(deps.db, "Agent", principal, agent.password_hash, input, { email: agent.email, ip })),
  };
  if (Object.keys(columns).length) await updateColumns(deps.db, "agents", agent.id, { ...columns, updated_at: nowIso() });
  return currentAgent(deps, principal);
}

export async function currentUser(deps: Deps, principal: Principal): Promise<CurrentUserResponse> {
  const records = await sessionRecords(deps, "User", principal.id);
  return { user: records.user!, agent: records.agent! };
}

export async function updateOwnUser(deps: Deps, principal: Principal, input: UpdateUserInput, ip: string): Promise<CurrentUserResponse["user"]> {
  const user = await userById(deps.db, principal.id);
  if (!user) throw notFound("entity.user");
  const columns: Record<string, Param> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.locale !== undefined && { locale: input.locale }),
    ...(await passwordColumns(deps.db, "User", principal, user.password_hash, input, { email: user.email, ip })),
  };
  if (Object.keys(columns).length) await updateColumns(deps.db, "users", user.id, { ...columns, updated_at: nowIso() });
  return userRecord((await userById(deps.db, user.id))!);
}
