-- Visa requests and the money behind them (issue 8; DESIGN §5, §6, §8). Times are ISO 8601 text in UTC; money is
-- integer minor units. The balance and its ledger row always change in one batch (services/ledger.ts).

-- Human references per scope and year ("VR-2026" → 123 gives VR-2026-000123), incremented inside the filing batch.
CREATE TABLE reference_counters (
  scope TEXT PRIMARY KEY,
  value INTEGER NOT NULL CHECK (value > 0)
);

-- A visa request. The visa's title and country are copied at filing (with the price), so a request keeps saying what
-- was filed and paid for even when the catalogue changes or the visa is deleted; visa_id/country_id stay for filters.
CREATE TABLE visa_requests (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  visa_id TEXT NOT NULL,
  visa_title_en TEXT NOT NULL,
  visa_title_ar TEXT NOT NULL,
  visa_title_ku TEXT NOT NULL,
  country_id TEXT NOT NULL,
  country_code TEXT NOT NULL,
  country_name_en TEXT NOT NULL,
  country_name_ar TEXT NOT NULL,
  country_name_ku TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  filed_by_kind TEXT NOT NULL CHECK (filed_by_kind IN ('Agent', 'User')),
  filed_by_id TEXT NOT NULL,
  filed_by_name TEXT NOT NULL,
  -- The applicant's values by spec §3 field kind (JSON object); the name and passport number also as columns, for
  -- search and sorting.
  fields TEXT NOT NULL DEFAULT '{}',
  applicant_name TEXT NOT NULL DEFAULT '',
  passport_number TEXT NOT NULL DEFAULT '',
  price INTEGER NOT NULL CHECK (price >= 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Requested', 'InProcess', 'Canceled', 'Modified', 'Approved', 'DocumentNeeded', 'CorrectionNeeded', 'Rejected', 'Paid')),
  reason TEXT,
  -- JSON array of { _id, name: { en, ar, ku } }: the requirements asked for, named as they were when asked.
  missing_documents TEXT NOT NULL DEFAULT '[]',
  -- Set once the request reaches Paid: no refund from then on (DESIGN §6).
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
  note TEXT,
  -- Bumped by every change; status changes are conditional on it, so two racing changes cannot both apply.
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX visa_requests_reference ON visa_requests (reference);
CREATE INDEX visa_requests_agent ON visa_requests (agent_id, created_at);
CREATE INDEX visa_requests_status ON visa_requests (status, created_at);
CREATE INDEX visa_requests_created ON visa_requests (created_at);
CREATE INDEX visa_requests_visa ON visa_requests (visa_id, created_at);
CREATE INDEX visa_requests_country ON visa_requests (country_id, created_at);

-- Files uploaded before filing (requests/upload-attachment-to-s3-by-agent, passport-reader/upload), owned by the
-- agency, consumed by at most one request (request_id is set in the filing batch).
CREATE TABLE attachments (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  file_key TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  source TEXT NOT NULL DEFAULT 'upload',
  uploaded_by_kind TEXT NOT NULL,
  uploaded_by_id TEXT NOT NULL,
  uploaded_by_name TEXT NOT NULL,
  request_id TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX attachments_key ON attachments (file_key);
CREATE INDEX attachments_agent ON attachments (agent_id, created_at);

-- A request's documents: the agency's uploads and the admin's result documents. file_key is UNIQUE, so one uploaded
-- attachment can never become a document of two requests (the second filing batch fails as a whole).
CREATE TABLE request_documents (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES visa_requests (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('upload', 'result')),
  requirement_id TEXT,
  file_key TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  uploaded_by_kind TEXT NOT NULL,
  uploaded_by_id TEXT NOT NULL,
  uploaded_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX request_documents_key ON request_documents (file_key);
CREATE INDEX request_documents_request ON request_documents (request_id, created_at);

-- Every change of a request (services/request-changes.ts writes these, nothing else does).
CREATE TABLE request_history (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES visa_requests (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  by_kind TEXT NOT NULL,
  by_id TEXT NOT NULL,
  by_name TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  reason TEXT,
  action TEXT NOT NULL
);
CREATE INDEX request_history_request ON request_history (request_id, at);

-- Idempotency-Key of money-moving and order-creating POSTs (DESIGN §4). The row is claimed (status NULL) before the
-- work and completed (status, result_id) in the same batch as the work, so a completed row always means the work
-- happened and a claimed one that it has not (yet).
CREATE TABLE idempotency_keys (
  principal TEXT NOT NULL,
  key TEXT NOT NULL,
  scope TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER,
  result_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (principal, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Who wrote a ledger row, named (created_by keeps the id).
ALTER TABLE transactions ADD COLUMN created_by_kind TEXT;
ALTER TABLE transactions ADD COLUMN created_by_name TEXT;
-- A request is refunded at most once, whatever races: the database refuses a second Refund row for it.
CREATE UNIQUE INDEX transactions_refund_once ON transactions (reference) WHERE type = 'Refund';
CREATE UNIQUE INDEX transactions_order_once ON transactions (reference) WHERE type = 'Order';
CREATE INDEX transactions_type ON transactions (type, created_at);
