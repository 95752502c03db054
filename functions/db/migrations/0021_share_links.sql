-- Issue 29: a status link for the traveller. Only the SHA-256 of the 128-bit token is kept: a copy of the database
-- opens no link. One live link per request (a new one replaces the old); revoked links stay for the record.
CREATE TABLE share_links (
  token_hash TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES visa_requests (id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  locale TEXT NOT NULL CHECK (locale IN ('en', 'ar', 'ku')),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX share_links_request ON share_links (request_id, revoked_at);
