-- Issue 29 items 1 and 2.

-- A thread per visa request and per translation order: the agency (agent and staff) and the office write; the office
-- may mark a message internal, and such a message never reaches the agency (no call, no event, no export, no file).
CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('visa', 'translation')),
  subject_id TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  side TEXT NOT NULL CHECK (side IN ('agency', 'office')),
  author_kind TEXT NOT NULL CHECK (author_kind IN ('Agent', 'User', 'Admin')),
  author_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  body TEXT NOT NULL,
  internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1)),
  created_at TEXT NOT NULL,
  edited_at TEXT,
  CHECK (internal = 0 OR side = 'office')
);
CREATE INDEX messages_subject ON messages (subject_kind, subject_id, created_at);
CREATE INDEX messages_agent ON messages (agent_id, created_at);

-- A message's attachments: checked and stored like request documents (services/files.ts, scope "request").
CREATE TABLE message_files (
  file_key TEXT PRIMARY KEY,
  message_id TEXT NOT NULL REFERENCES messages (id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  size INTEGER NOT NULL
);
CREATE INDEX message_files_message ON message_files (message_id);

-- How far each side has read a thread ("each side can see what the other has read"): the last message it saw.
CREATE TABLE message_reads (
  subject_kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('agency', 'office')),
  last_read_at TEXT NOT NULL,
  reader_name TEXT,
  PRIMARY KEY (subject_kind, subject_id, side)
);

-- The audit log: one row per write call made by a signed-in person (office and agency), and per sign-in as admin.
-- Append-only: the triggers refuse every UPDATE and DELETE, whoever asks (no API, no admin, no later migration;
-- tests/unit/audit-migrations.test.ts fails on a migration that touches the table or its triggers). No foreign keys:
-- the record a row speaks of may be deleted; its audit stays.
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  call_id TEXT,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('Admin', 'Agent', 'User')),
  actor_id TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  method TEXT NOT NULL,
  route TEXT NOT NULL,
  path TEXT NOT NULL,
  record_kind TEXT,
  record_id TEXT,
  record_label TEXT,
  agent_id TEXT,
  status INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused')),
  changes TEXT NOT NULL DEFAULT '{}',
  internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1))
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at);
CREATE INDEX audit_log_record ON audit_log (record_id, at);
CREATE INDEX audit_log_agent ON audit_log (agent_id, at);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
