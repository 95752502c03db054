/** Staff invitation links (migration 0014): rows keyed by the token's hash, used at most once. */
import { first, stmt } from "./d1";

export interface InvitationRow {
  id: string; agent_id: string; user_id: string; expires_at: string; used_at: string | null; created_at: string;
  email: string; name: string; agency_name: string; user_enabled: number; agency_enabled: number;
}

export const invitationByHash = (db: D1Database, tokenHash: string) =>
  first<InvitationRow>(
    db,
    `SELECT i.id, i.agent_id, i.user_id, i.expires_at, i.used_at, i.created_at, u.email, u.name, a.name AS agency_name,
       u.enabled AS user_enabled, a.enabled AS agency_enabled
     FROM staff_invitations i JOIN users u ON u.id = i.user_id JOIN agents a ON a.id = i.agent_id WHERE i.token_hash = ?`,
    tokenHash,
  );

export const insertInvitationStatement = (db: D1Database, row: { id: string; agentId: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string }) =>
  stmt(db, "INSERT INTO staff_invitations (id, agent_id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    row.id, row.agentId, row.userId, row.tokenHash, row.expiresAt, row.createdAt);

/** A new link replaces the user's links not used yet: only the newest one works. */
export const retireOpenInvitationsStatement = (db: D1Database, userId: string, at: string) =>
  stmt(db, "UPDATE staff_invitations SET expires_at = ? WHERE user_id = ? AND used_at IS NULL AND expires_at > ?", at, userId, at);

/**
 * Accepting, in one batch: the password changes only while the link is unused and unexpired, and the same guard marks
 * it used; a second, racing acceptance finds it used and changes nothing. The user's sessions end (a password set).
 */
export const acceptInvitationStatements = (db: D1Database, id: string, userId: string, passwordHash: string, at: string) => {
  const open = "EXISTS (SELECT 1 FROM staff_invitations WHERE id = ? AND used_at IS NULL AND expires_at > ?)";
  return [
    stmt(db, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ? AND ${open}`, passwordHash, at, userId, id, at),
    stmt(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = 'password-set' WHERE kind = 'User' AND subject_id = ? AND revoked_at IS NULL AND " + open, at, userId, id, at),
    stmt(db, "UPDATE staff_invitations SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?", at, id, at),
  ];
};
