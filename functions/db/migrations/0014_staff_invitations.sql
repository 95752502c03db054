-- Agents issue (brief D): one-time invitation links for agency staff, an alternative to a password the agency sets.
-- Only the SHA-256 of the 256-bit token is kept; a link is good once and for 7 days (services/invitations.ts).
CREATE TABLE staff_invitations (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX staff_invitations_user ON staff_invitations (user_id, used_at);
