-- Translation and legal translation (issue 12; DESIGN §5, §6, §8). Services and languages are admin-managed; an
-- order copies what it was filed for (service name, languages, price per page), so it keeps saying what was paid
-- for when the catalogue changes. Money is integer minor units; the charge and refund are ledger rows of
-- services/ledger.ts whose `reference` is the order's id (one Order, at most one Refund: the UNIQUE indexes of 0004).

CREATE TABLE translation_languages (
  id TEXT PRIMARY KEY,
  -- BCP 47 language tag, lower case ("ar", "en", "ckb", "fa").
  code TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  name_ku TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX translation_languages_code ON translation_languages (code);

CREATE TABLE translation_services (
  id TEXT PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  name_ku TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  description_ku TEXT NOT NULL DEFAULT '',
  price_per_page INTEGER NOT NULL CHECK (price_per_page >= 0),
  -- JSON array of translation_languages ids offered (both directions).
  languages TEXT NOT NULL DEFAULT '[]',
  turnaround_days INTEGER NOT NULL CHECK (turnaround_days > 0),
  -- A certified (sworn) translation: its orders are legal translations.
  certified INTEGER NOT NULL DEFAULT 0 CHECK (certified IN (0, 1)),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX translation_services_created ON translation_services (created_at);

-- An order (status set A). kind: 'legal' when the service is certified, else 'translation'.
CREATE TABLE translation_orders (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('translation', 'legal')),
  service_id TEXT NOT NULL,
  service_name_en TEXT NOT NULL,
  service_name_ar TEXT NOT NULL,
  service_name_ku TEXT NOT NULL,
  -- JSON { _id, code, name: { en, ar, ku } } of each language as it was when ordered.
  from_language TEXT NOT NULL,
  to_language TEXT NOT NULL,
  from_language_id TEXT NOT NULL,
  to_language_id TEXT NOT NULL,
  pages INTEGER NOT NULL CHECK (pages > 0),
  price_per_page INTEGER NOT NULL CHECK (price_per_page >= 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  currency TEXT NOT NULL,
  turnaround_days INTEGER NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  filed_by_kind TEXT NOT NULL CHECK (filed_by_kind IN ('Agent', 'User')),
  filed_by_id TEXT NOT NULL,
  filed_by_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Requested', 'InProcess', 'Canceled', 'CorrectionNeeded', 'Done')),
  reason TEXT,
  note TEXT,
  -- Bumped by every change; moves are conditional on it, so two racing changes cannot both apply.
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX translation_orders_reference ON translation_orders (reference);
CREATE INDEX translation_orders_agent ON translation_orders (agent_id, created_at);
CREATE INDEX translation_orders_status ON translation_orders (status, created_at);
CREATE INDEX translation_orders_created ON translation_orders (created_at);

-- The agency's documents (upload) and the translated documents (result). file_key UNIQUE across orders.
CREATE TABLE translation_documents (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES translation_orders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('upload', 'result')),
  file_key TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  uploaded_by_kind TEXT NOT NULL,
  uploaded_by_id TEXT NOT NULL,
  uploaded_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX translation_documents_key ON translation_documents (file_key);
CREATE INDEX translation_documents_order ON translation_documents (order_id, created_at);

-- Every change of an order: written only by services/request-changes.ts (the same recorder as visa requests; the
-- columns are request_history's, the foreign key points at this kind's table).
CREATE TABLE translation_history (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES translation_orders (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  by_kind TEXT NOT NULL,
  by_id TEXT NOT NULL,
  by_name TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  reason TEXT,
  action TEXT NOT NULL
);
CREATE INDEX translation_history_request ON translation_history (request_id, at);
