-- Issue 30: the agency's own selling price to its traveller, printed on the receipt instead of the net price it paid
-- the platform. Typed at filing or later by the agency's owner; NULL: none typed (the receipt then shows no price,
-- or the net price when the agency chose that). Minor units, like every amount (DESIGN §5); never part of the ledger.
ALTER TABLE visa_requests ADD COLUMN selling_price INTEGER CHECK (selling_price IS NULL OR selling_price >= 0);
ALTER TABLE translation_orders ADD COLUMN selling_price INTEGER CHECK (selling_price IS NULL OR selling_price >= 0);
