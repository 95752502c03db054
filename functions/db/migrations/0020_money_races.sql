-- Issue 25: money that stays right under every race.

-- 1. A status move writes its own id on the record; every other write of the move (history, refund, documents, events)
--    is conditional on the record carrying THAT id. A version check (version = read + 1) was satisfied by any concurrent
--    move, so a losing cancel committed its history row and its refund next to the winner's Paid.
ALTER TABLE visa_requests ADD COLUMN move_id TEXT;
ALTER TABLE translation_orders ADD COLUMN move_id TEXT;

-- 2. The ledger's own order: a sequence number written inside the batch that writes the row, so it follows the order in
--    which batches committed (D1 runs one at a time). created_at is stamped before the batch and does not.
--    Existing rows keep their insertion order.
ALTER TABLE transactions ADD COLUMN seq INTEGER;
UPDATE transactions SET seq = rowid;
CREATE UNIQUE INDEX transactions_seq ON transactions (seq);
CREATE INDEX transactions_agent_seq ON transactions (agent_id, seq);

-- 3. A disabled agency is not charged: the charge itself fails inside its batch when the agency is disabled, whatever
--    was checked before (a filing in flight while an admin disables the agency). Only Orders: an admin may still
--    withdraw or top up a disabled agency's balance, and refunds still reach it.
CREATE TRIGGER transactions_order_needs_enabled_agency
BEFORE INSERT ON transactions
WHEN NEW.type = 'Order' AND (SELECT enabled FROM agents WHERE id = NEW.agent_id) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'AGENCY_DISABLED');
END;

-- 4. Idempotency keys belong to the agency (the owner of the money), whoever of its people sends them: the same scope
--    as the ledger's UNIQUE (agent_id, idempotency_key). Keys stored per person move to their agency.
UPDATE OR IGNORE idempotency_keys SET principal = 'Agency:' || substr(principal, 7) WHERE principal LIKE 'Agent:%';
UPDATE OR IGNORE idempotency_keys SET principal = 'Agency:' || (SELECT agent_id FROM users WHERE users.id = substr(principal, 6))
  WHERE principal LIKE 'User:%' AND EXISTS (SELECT 1 FROM users WHERE users.id = substr(idempotency_keys.principal, 6));
DELETE FROM idempotency_keys WHERE principal LIKE 'Agent:%' OR principal LIKE 'User:%';
