-- Agents issue: tells a self-registration waiting for approval (never enabled by an admin) from an agency an admin
-- disabled. Both have enabled = 0; only the first has approved_at IS NULL.
ALTER TABLE agents ADD COLUMN approved_at TEXT;
UPDATE agents SET approved_at = updated_at WHERE enabled = 1;
CREATE INDEX agents_pending ON agents (enabled, approved_at);
