-- Rate limits beyond sign-in failures (issue 10 item 4): one row per counted event, keyed by what is limited
-- ("register:<ip>": agency applications per address). Old rows are pruned on write.
CREATE TABLE rate_events (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key ON rate_events (key, at);
