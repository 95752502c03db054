-- Group filing (issue 28; DESIGN §12): a family or tour group of 2–200 travellers of one visa, filed in one call and
-- charged all or nothing in one batch. Each traveller stays an ordinary visa request (own reference, history,
-- documents, moves, refund); the group only ties them together under its own reference (VG-2026-000123).
CREATE TABLE request_groups (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  visa_id TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  note TEXT,
  traveller_count INTEGER NOT NULL CHECK (traveller_count BETWEEN 2 AND 200),
  filed_by_kind TEXT NOT NULL CHECK (filed_by_kind IN ('Agent', 'User')),
  filed_by_id TEXT NOT NULL,
  filed_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX request_groups_reference ON request_groups (reference);
CREATE INDEX request_groups_agent ON request_groups (agent_id, created_at);
CREATE INDEX request_groups_created ON request_groups (created_at);

ALTER TABLE visa_requests ADD COLUMN group_id TEXT REFERENCES request_groups (id);
CREATE INDEX visa_requests_group ON visa_requests (group_id) WHERE group_id IS NOT NULL;

-- Shared documents (a group letter, a hotel booking) are uploaded once and become a document of every traveller. A
-- file may then back several request_documents rows, but only rows marked shared, and only once per request; every
-- other document keeps its file to itself, as before.
ALTER TABLE request_documents ADD COLUMN shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1));
DROP INDEX request_documents_key;
CREATE UNIQUE INDEX request_documents_key ON request_documents (file_key) WHERE shared = 0;
CREATE UNIQUE INDEX request_documents_shared_key ON request_documents (file_key, request_id) WHERE shared = 1;

-- Which attachments a group shares: attachment_id UNIQUE, so one attachment serves one group, whatever races (the
-- second filing's batch fails as a whole, as a second use of a traveller's own attachment does).
CREATE TABLE request_group_documents (
  group_id TEXT NOT NULL REFERENCES request_groups (id) ON DELETE CASCADE,
  attachment_id TEXT NOT NULL,
  requirement_id TEXT NOT NULL,
  PRIMARY KEY (group_id, attachment_id)
);
CREATE UNIQUE INDEX request_group_documents_attachment ON request_group_documents (attachment_id);
