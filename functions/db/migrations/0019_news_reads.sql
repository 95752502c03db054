-- Issue 27: which news items each reader has read (the "all news" page shows read and unread, and can filter by it).
-- One row per (item, reader); an agency's owner and each of its staff read separately, like events' seen marks.
CREATE TABLE news_reads (
  news_id TEXT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  reader_kind TEXT NOT NULL CHECK (reader_kind IN ('Agent', 'Admin', 'User')),
  reader_id TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (news_id, reader_kind, reader_id)
);
