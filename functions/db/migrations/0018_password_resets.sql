-- Issue 27: "forgot password" for agencies and their staff. A reset link is a 256-bit token kept only as its SHA-256,
-- good once and for 30 minutes (services/password-resets.ts, the machinery of staff invitations). Without an email
-- provider a self-service request has no link yet (token_hash NULL): it waits on the agency's admin page until an
-- admin makes a link and hands it over (handled_at).
CREATE TABLE password_resets (
  id TEXT PRIMARY KEY,
  account_kind TEXT NOT NULL CHECK (account_kind IN ('Agent', 'User')),
  account_id TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  token_hash TEXT UNIQUE,
  -- self: asked on the "forgot password" page; office: an admin made the link.
  requested_by TEXT NOT NULL CHECK (requested_by IN ('self', 'office')),
  -- email: the link went out by email; office: the office hands it over (or will).
  delivery TEXT NOT NULL CHECK (delivery IN ('email', 'office')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  handled_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX password_resets_account ON password_resets (account_kind, account_id, used_at);
CREATE INDEX password_resets_agent ON password_resets (agent_id, created_at);
