/** Devices that receive push messages and each account's chosen kinds (migration 0015). */
import type { SessionKindName } from "../../src/contract/auth";
import { all, first, run, stmt } from "./d1";

export interface DeviceRow {
  token: string; owner_kind: SessionKindName; owner_id: string; agent_id: string | null; device_id: string; enabled: number;
  created_at: string; updated_at: string;
}

/** A device that should get a message, with its owner's saved language and chosen kinds. */
export interface RecipientRow {
  token: string; owner_kind: SessionKindName; owner_id: string; locale: string | null; types: string | null;
}

export interface Owner {
  kind: SessionKindName;
  id: string;
  agentId: string | null;
}

/**
 * Saves a device's token: the device's older token (if any) goes, and a token seen again (another account signed in
 * on the same browser, or the same call twice) takes this owner and device. One D1 batch: never two rows for a token.
 */
export function upsertDevice(db: D1Database, owner: Owner, deviceId: string, token: string, enabled: boolean | undefined, now: string) {
  return db.batch([
    stmt(db, "DELETE FROM push_devices WHERE owner_kind = ? AND owner_id = ? AND device_id = ? AND token <> ?", owner.kind, owner.id, deviceId, token),
    stmt(
      db,
      `INSERT INTO push_devices (token, owner_kind, owner_id, agent_id, device_id, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (token) DO UPDATE SET owner_kind = excluded.owner_kind, owner_id = excluded.owner_id, agent_id = excluded.agent_id,
         device_id = excluded.device_id, enabled = COALESCE(?, push_devices.enabled), updated_at = excluded.updated_at`,
      token, owner.kind, owner.id, owner.agentId, deviceId, enabled === false ? 0 : 1, now, now, enabled === undefined ? null : enabled ? 1 : 0,
    ),
  ]);
}

export const setDeviceEnabled = (db: D1Database, owner: Owner, deviceId: string, enabled: boolean, now: string) =>
  run(db, "UPDATE push_devices SET enabled = ?, updated_at = ? WHERE owner_kind = ? AND owner_id = ? AND device_id = ?", enabled ? 1 : 0, now, owner.kind, owner.id, deviceId);

export const removeDevice = (db: D1Database, owner: Owner, deviceId: string) =>
  run(db, "DELETE FROM push_devices WHERE owner_kind = ? AND owner_id = ? AND device_id = ?", owner.kind, owner.id, deviceId);

export const devicesOf = (db: D1Database, owner: Owner) =>
  all<DeviceRow>(db, "SELECT * FROM push_devices WHERE owner_kind = ? AND owner_id = ? ORDER BY updated_at DESC", owner.kind, owner.id);

export const savedTypes = async (db: D1Database, owner: Owner) =>
  (await first<{ types: string }>(db, "SELECT types FROM push_preferences WHERE owner_kind = ? AND owner_id = ?", owner.kind, owner.id))?.types ?? null;

export const saveTypes = (db: D1Database, owner: Owner, types: string, now: string) =>
  run(
    db,
    "INSERT INTO push_preferences (owner_kind, owner_id, types, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (owner_kind, owner_id) DO UPDATE SET types = excluded.types, updated_at = excluded.updated_at",
    owner.kind, owner.id, types, now,
  );

export const deleteTokens = (db: D1Database, tokens: string[]) =>
  tokens.length ? run(db, `DELETE FROM push_devices WHERE token IN (${tokens.map(() => "?").join(", ")})`, ...tokens) : Promise.resolve(0);

/** Who a hub's audience is, as a WHERE part over push_devices d. */
export type Audience = { agency: string } | "agents" | "admins" | { owner: Owner };

function audienceWhere(audience: Audience): { sql: string; params: string[] } {
  if (audience === "admins") return { sql: "d.owner_kind = 'Admin'", params: [] };
  if (audience === "agents") return { sql: "d.owner_kind IN ('Agent', 'User')", params: [] };
  if ("agency" in audience) return { sql: "d.owner_kind IN ('Agent', 'User') AND d.agent_id = ?", params: [audience.agency] };
  return { sql: "d.owner_kind = ? AND d.owner_id = ?", params: [audience.owner.kind, audience.owner.id] };
}

/** The enabled devices of an audience, each with its owner's saved language and chosen kinds. */
export function recipients(db: D1Database, audience: Audience, skipKinds: readonly string[] = []): Promise<RecipientRow[]> {
  const where = audienceWhere(audience);
  const skip = skipKinds.length ? ` AND d.owner_kind NOT IN (${skipKinds.map(() => "?").join(", ")})` : "";
  return all<RecipientRow>(
    db,
    `SELECT d.token, d.owner_kind, d.owner_id, p.types,
       CASE d.owner_kind WHEN 'Agent' THEN (SELECT locale FROM agents WHERE id = d.owner_id)
                         WHEN 'User' THEN (SELECT locale FROM users WHERE id = d.owner_id)
                         ELSE (SELECT locale FROM admins WHERE id = d.owner_id) END AS locale
     FROM push_devices d LEFT JOIN push_preferences p ON p.owner_kind = d.owner_kind AND p.owner_id = d.owner_id
     WHERE d.enabled = 1 AND ${where.sql}${skip}`,
    ...where.params, ...skipKinds,
  );
}
