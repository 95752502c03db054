-- Schema bookkeeping of our own (wrangler keeps its applied-migrations list in d1_migrations).
CREATE TABLE IF NOT EXISTS app_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT OR IGNORE INTO app_meta (key, value) VALUES ('schema', '1');
