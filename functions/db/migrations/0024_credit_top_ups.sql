-- Issue 30: a credit line per agency, top-up requests with the transfer slip, receipts with the agency's logo.
PRAGMA defer_foreign_keys = true;

-- 1. The credit line. A group sets the default limit and terms; an agency may override either (NULL: its group's).
--    Frozen credit: charges may not go below zero, whatever the limit. Money in minor units.
ALTER TABLE groups ADD COLUMN credit_limit INTEGER NOT NULL DEFAULT 0 CHECK (credit_limit >= 0);
ALTER TABLE groups ADD COLUMN credit_terms_days INTEGER CHECK (credit_terms_days IS NULL OR credit_terms_days > 0);
ALTER TABLE agents ADD COLUMN credit_limit INTEGER CHECK (credit_limit IS NULL OR credit_limit >= 0);
ALTER TABLE agents ADD COLUMN credit_terms_days INTEGER CHECK (credit_terms_days IS NULL OR credit_terms_days > 0);
ALTER TABLE agents ADD COLUMN credit_frozen INTEGER NOT NULL DEFAULT 0 CHECK (credit_frozen IN (0, 1));

-- 2. agents.balance may go below zero now. Its CHECK (balance >= 0) cannot be altered, and the agents table is not
--    rebuilt: DROP TABLE agents runs an implicit DELETE whose ON DELETE CASCADE actions (users, requests, orders,
--    events, history…) fire even with foreign keys deferred, emptying those tables. The column is replaced instead
--    (a column's own CHECK goes with it). The floor is enforced on the ledger row of every charge (3).
ALTER TABLE agents ADD COLUMN balance_with_credit INTEGER NOT NULL DEFAULT 0;
UPDATE agents SET balance_with_credit = balance;
ALTER TABLE agents DROP COLUMN balance;
ALTER TABLE agents RENAME COLUMN balance_with_credit TO balance;

-- 3. The ledger, rebuilt (nothing references it): balance_after may be negative, and every Outgoing row carries the
--    floor it was allowed to reach, read inside the charge's own batch (services/ledger.ts): −limit for an Order,
--    0 for a Withdrawal or when credit is frozen. CHECK refuses a row below its floor, so the whole batch (the balance
--    UPDATE included) rolls back: the same all-or-nothing refusal as the old CHECK (balance >= 0), under any race.
CREATE TABLE transactions_credit (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  type TEXT NOT NULL CHECK (type IN ('TopUp', 'Refund', 'Order', 'Withdrawal')),
  direction TEXT NOT NULL CHECK (direction IN ('Incoming', 'Outgoing')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  balance_after INTEGER NOT NULL,
  credit_floor INTEGER NOT NULL DEFAULT 0 CHECK (credit_floor <= 0),
  reference TEXT,
  note TEXT,
  created_by TEXT,
  idempotency_key TEXT,
  created_at TEXT NOT NULL,
  created_by_kind TEXT,
  created_by_name TEXT,
  seq INTEGER,
  CHECK ((type IN ('TopUp', 'Refund') AND direction = 'Incoming') OR (type IN ('Order', 'Withdrawal') AND direction = 'Outgoing')),
  CHECK (direction = 'Incoming' OR balance_after >= credit_floor)
);
INSERT INTO transactions_credit (id, agent_id, type, direction, amount, balance_after, credit_floor, reference, note, created_by, idempotency_key, created_at, created_by_kind, created_by_name, seq)
  SELECT id, agent_id, type, direction, amount, balance_after, 0, reference, note, created_by, idempotency_key, created_at, created_by_kind, created_by_name, seq FROM transactions;
DROP TABLE transactions;
ALTER TABLE transactions_credit RENAME TO transactions;
CREATE INDEX transactions_agent ON transactions (agent_id, created_at);
CREATE INDEX transactions_created ON transactions (created_at);
CREATE UNIQUE INDEX transactions_idempotency ON transactions (agent_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX transactions_refund_once ON transactions (reference) WHERE type = 'Refund';
CREATE UNIQUE INDEX transactions_order_once ON transactions (reference) WHERE type = 'Order';
CREATE INDEX transactions_type ON transactions (type, created_at);
CREATE UNIQUE INDEX transactions_seq ON transactions (seq);
CREATE INDEX transactions_agent_seq ON transactions (agent_id, seq);
-- A top-up request becomes at most one TopUp, whatever races (its id is the row's reference).
CREATE UNIQUE INDEX transactions_top_up_once ON transactions (reference) WHERE type = 'TopUp' AND reference IS NOT NULL;
CREATE TRIGGER transactions_order_needs_enabled_agency
BEFORE INSERT ON transactions
WHEN NEW.type = 'Order' AND (SELECT enabled FROM agents WHERE id = NEW.agent_id) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'AGENCY_DISABLED');
END;

-- 4. Top-up requests: the agency says what it paid, through whom, with the slip; an admin approves (one TopUp),
--    corrects the amount with a reason, or rejects with a reason. decision_id is the compare-and-set of the decision:
--    the TopUp row is written only when the request carries this decision's id.
CREATE TABLE top_up_requests (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  approved_amount INTEGER CHECK (approved_amount IS NULL OR approved_amount > 0),
  paid_through TEXT NOT NULL,
  bank_reference TEXT NOT NULL,
  note TEXT,
  slip_key TEXT NOT NULL,
  slip_type TEXT NOT NULL,
  slip_name TEXT,
  status TEXT NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
  reason TEXT,
  decision_id TEXT,
  transaction_id TEXT,
  decided_by TEXT,
  decided_by_name TEXT,
  decided_at TEXT,
  created_by TEXT NOT NULL,
  created_by_name TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX top_up_requests_agent ON top_up_requests (agent_id, created_at);
CREATE INDEX top_up_requests_status ON top_up_requests (status, created_at);

-- 5. Receipts with the agency's own logo and footer (address, phone, licence) per language. show_net: the agency chose
--    to print the net price it paid the platform when it gives no selling price (off: the receipt shows no price).
ALTER TABLE agents ADD COLUMN logo_key TEXT;
ALTER TABLE agents ADD COLUMN receipt_footer_en TEXT NOT NULL DEFAULT '';
ALTER TABLE agents ADD COLUMN receipt_footer_ar TEXT NOT NULL DEFAULT '';
ALTER TABLE agents ADD COLUMN receipt_footer_ku TEXT NOT NULL DEFAULT '';
ALTER TABLE agents ADD COLUMN receipt_show_net INTEGER NOT NULL DEFAULT 0 CHECK (receipt_show_net IN (0, 1));
