-- Issue 13, Firebase Cloud Messaging: one row per device that receives push messages, and each account's choice of
-- which event kinds reach its devices. A device's token changes (refresh after 7 days, a new subscription): the row
-- is keyed by the token (a token seen again updates its row) and a device holds one token at a time.
CREATE TABLE push_devices (
  token TEXT PRIMARY KEY,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('Agent', 'User', 'Admin')),
  owner_id TEXT NOT NULL,
  -- The agency of an Agent or User (audience "agency:<id>"); NULL for admins.
  agent_id TEXT,
  -- A random id the browser keeps (localStorage): "this device" in the settings.
  device_id TEXT NOT NULL,
  -- Push on/off on this device (the settings' switch).
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX push_devices_device ON push_devices (owner_kind, owner_id, device_id);
CREATE INDEX push_devices_agency ON push_devices (agent_id, owner_kind);
CREATE INDEX push_devices_kind ON push_devices (owner_kind);

-- Which event kinds an account wants pushed (JSON list of push types); no row: every kind.
CREATE TABLE push_preferences (
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('Agent', 'User', 'Admin')),
  owner_id TEXT NOT NULL,
  types TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (owner_kind, owner_id)
);
