-- Accounts, sessions and the ledger (DESIGN §3, §5). Times are ISO 8601 text in UTC; money is integer minor units.

-- Agent groups (the catalogue issue adds prices and visibility per group).
CREATE TABLE groups (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX groups_name ON groups (name COLLATE NOCASE);

CREATE TABLE admins (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  locale TEXT NOT NULL DEFAULT 'en',
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  fcm_token TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX admins_email ON admins (email);

-- An agency. Its balance moves only together with a ledger row (services/ledger), never below zero.
CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  contact_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  address TEXT,
  city TEXT,
  locale TEXT NOT NULL DEFAULT 'en',
  group_id TEXT REFERENCES groups (id) ON DELETE SET NULL,
  balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  enabled INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
  password_hash TEXT NOT NULL,
  fcm_token TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX agents_email ON agents (email);
CREATE INDEX agents_group ON agents (group_id);
CREATE INDEX agents_created ON agents (created_at);

-- A staff member of an agency: files and follows requests for it, never sees or moves money.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT,
  locale TEXT NOT NULL DEFAULT 'en',
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_email ON users (email);
CREATE INDEX users_agent ON users (agent_id);

-- One row per sign-in ("family"): every refresh token of that sign-in belongs to it. Revoking it ends the session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('Agent', 'Admin', 'User')),
  subject_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
);
CREATE INDEX sessions_subject ON sessions (kind, subject_id);

-- Refresh tokens, stored only as SHA-256 hashes. A token is used once (rotated_at); a second use revokes the family.
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  rotated_at TEXT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- Failed sign-ins, for the rate limit (10 in 15 minutes per account and per IP). Old rows are pruned on write.
CREATE TABLE login_failures (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);

-- The ledger (DESIGN §5): balance = Σ Incoming − Σ Outgoing for every agent.
CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  type TEXT NOT NULL CHECK (type IN ('TopUp', 'Refund', 'Order', 'Withdrawal')),
  direction TEXT NOT NULL CHECK (direction IN ('Incoming', 'Outgoing')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reference TEXT,
  note TEXT,
  created_by TEXT,
  idempotency_key TEXT,
  created_at TEXT NOT NULL,
  CHECK ((type IN ('TopUp', 'Refund') AND direction = 'Incoming') OR (type IN ('Order', 'Withdrawal') AND direction = 'Outgoing'))
);
CREATE INDEX transactions_agent ON transactions (agent_id, created_at);
CREATE INDEX transactions_created ON transactions (created_at);
CREATE UNIQUE INDEX transactions_idempotency ON transactions (agent_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
