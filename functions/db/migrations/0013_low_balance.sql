-- Agents issue: a low-balance threshold per group (minor units). Agencies of the group whose balance is under it see
-- a warning, and the admin dashboard counts them. NULL: the default threshold (services/dashboard.ts).
ALTER TABLE groups ADD COLUMN low_balance_threshold INTEGER CHECK (low_balance_threshold IS NULL OR low_balance_threshold >= 0);
