/**
 * One-time invitation links for an agency's staff (migration 0014): the agency invites a staff user instead of
 * setting their password. The token is 256 random bits shown once (in the link) and stored only as its SHA-256;
 * a link is good for INVITATION_DAYS days and once; a newer link for the same user retires the older ones. Another
 * agency's staff user is a 404, as everywhere.
 */
import type { z } from "zod/mini";
import { INVITATION_DAYS, type InvitationInfo, type StaffInvitation, type acceptInvitationInput, type inviteStaffInput } from "../../src/contract/invitations";
import { ApiError, notFound } from "../errors";
import { userById, userRecord, type UserRow } from "../db/accounts";
import { uuidv7 } from "../db/ids";
import { acceptInvitationStatements, insertInvitationStatement, invitationByHash, retireOpenInvitationsStatement } from "../db/invitations";
import type { Deps, Principal } from "./accounts";
import { insertStaffUser } from "./agents";
import { closeEndedSessions } from "./call-context";
import { hashPassword } from "./passwords";
import { hashToken, newRefreshToken } from "./sessions";

const DAY_MS = 86_400_000;

async function issue(db: D1Database, agentId: string, user: UserRow, now = new Date()): Promise<StaffInvitation> {
  const token = newRefreshToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  await db.batch([
    retireOpenInvitationsStatement(db, user.id, at),
    insertInvitationStatement(db, { id: uuidv7(), agentId, userId: user.id, tokenHash: await hashToken(token), expiresAt, createdAt: at }),
  ]);
  // In the fragment: browsers never send it to the server, so the token stays out of request logs.
  return { path: `/${user.locale}/invite/#${token}`, expiresAt, user: userRecord(user) };
}

/** POST agents/staff/invite: a new staff user whose password nobody knows until they set it through the link. */
export async function inviteNewStaff({ db }: Deps, principal: Principal, input: z.output<typeof inviteStaffInput>): Promise<StaffInvitation> {
  const unguessable = await hashPassword(newRefreshToken());
  const user = await insertStaffUser(db, principal.id, input, unguessable);
  return issue(db, principal.id, user);
}

/** POST agents/staff/{id}/invite: a new link for one of the agency's own staff users (a forgotten password). */
export async function inviteStaff({ db }: Deps, principal: Principal, userId: string): Promise<StaffInvitation> {
  const user = await userById(db, userId);
  if (!user || user.agent_id !== principal.id) throw notFound("entity.user");
  return issue(db, principal.id, user);
}

/** The invitation behind a token, if it may still be used; otherwise the reason, each with its own code. */
async function usable(db: D1Database, token: string) {
  const row = await invitationByHash(db, await hashToken(token));
  if (!row) throw notFound("invite.entity");
  if (row.used_at) throw new ApiError(409, "invite.errors.used", "INVITATION_USED");
  if (row.expires_at <= new Date().toISOString()) throw new ApiError(409, "invite.errors.expired", "INVITATION_EXPIRED");
  if (row.user_enabled !== 1 || row.agency_enabled !== 1) throw new ApiError(403, "invite.errors.disabled", "ACCOUNT_DISABLED");
  return row;
}

/** POST auth/invitation: who the link is for (the page greets the invitee and names the agency). */
export async function lookupInvitation(db: D1Database, token: string): Promise<InvitationInfo> {
  const row = await usable(db, token);
  return { email: row.email, name: row.name, agency: row.agency_name, expiresAt: row.expires_at };
}

/** POST auth/accept-invitation: sets the password and uses the link up; the page then signs in with it. */
export async function acceptInvitation(db: D1Database, input: z.output<typeof acceptInvitationInput>): Promise<{ email: string }> {
  const row = await usable(db, input.token);
  const results = await db.batch(acceptInvitationStatements(db, row.id, row.user_id, await hashPassword(input.password), new Date().toISOString()));
  closeEndedSessions("User", row.agent_id);
  // Another acceptance of the same link won the race: nothing changed here.
  if (results.at(-1)?.meta.changes !== 1) throw new ApiError(409, "invite.errors.used", "INVITATION_USED");
  return { email: row.email };
}
