-- News feed and events (issue 13; DESIGN §7). Times are ISO 8601 text in UTC.

-- News items written by admins; agents read the enabled ones, newest first. Bodies are sanitized rich text.
CREATE TABLE news (
  id TEXT PRIMARY KEY,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  title_ku TEXT NOT NULL,
  message_en TEXT NOT NULL,
  message_ar TEXT NOT NULL,
  message_ku TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX news_enabled_created ON news (enabled, created_at);
CREATE INDEX news_created ON news (created_at);

-- One row per notable change, for its audience: one agency ('agency', agent_id set), all admins, or all agents.
-- The text is written in all three languages when the event happens, so every recipient reads it in their own.
-- `money` marks events staff users never see (balance changes: DESIGN §3).
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  audience TEXT NOT NULL CHECK (audience IN ('agency', 'admins', 'agents')),
  agent_id TEXT REFERENCES agents (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  title_ku TEXT NOT NULL,
  body_en TEXT NOT NULL DEFAULT '',
  body_ar TEXT NOT NULL DEFAULT '',
  body_ku TEXT NOT NULL DEFAULT '',
  value TEXT NOT NULL DEFAULT '{}',
  color TEXT,
  money INTEGER NOT NULL DEFAULT 0 CHECK (money IN (0, 1)),
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((audience = 'agency') = (agent_id IS NOT NULL))
);
CREATE INDEX events_agency ON events (agent_id, created_at) WHERE agent_id IS NOT NULL;
CREATE INDEX events_audience ON events (audience, created_at);

-- Seen/unseen per recipient (an agency's owner and each of its staff read the same event separately).
CREATE TABLE event_seen (
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  reader_kind TEXT NOT NULL CHECK (reader_kind IN ('Agent', 'Admin', 'User')),
  reader_id TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  PRIMARY KEY (event_id, reader_kind, reader_id)
) WITHOUT ROWID;
CREATE INDEX event_seen_reader ON event_seen (reader_kind, reader_id);
