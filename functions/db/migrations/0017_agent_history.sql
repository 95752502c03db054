-- Issue 27: what the office changed on an agency, shown on its admin page (who, when, which field from what to what).
-- Append-only from the services (agents.ts, password resets): a row is written in the same batch as the change itself,
-- so the history never shows a change that did not happen, nor misses one that did.
CREATE TABLE agent_history (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  -- profile | enabled | disabled | group | reset-link | signed-out | password-reset
  action TEXT NOT NULL,
  -- JSON list of { field, from, to } (profile and group changes); "[]" otherwise.
  changes TEXT NOT NULL DEFAULT '[]',
  -- The staff user an action was about (a reset link for one of the agency's users), else NULL.
  subject TEXT,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('Agent', 'Admin', 'User', 'System')),
  actor_id TEXT,
  actor_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX agent_history_agent ON agent_history (agent_id, created_at);
