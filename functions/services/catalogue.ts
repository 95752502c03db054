/**
 * What every catalogue service shares: its dependencies, who is looking (admin or an agency through its group), and
 * the small shapes used in several answers.
 */
import type { LocalizedText } from "../../src/contract/common";
import { ApiError } from "../errors";
import { isUniqueViolation } from "../db/d1";
import { groupOfAgent, type Viewer } from "../db/visas";
import type { Principal } from "./accounts";

export type { Viewer };

export interface CatalogueDeps {
  db: D1Database;
  files: R2Bucket;
  currency: string;
}

/** Admins see the whole catalogue; agents and their staff see it through the agency's group (DESIGN §5). */
export async function viewerOf(db: D1Database, principal: Principal): Promise<Viewer> {
  if (principal.kind === "Admin") return { admin: true };
  const agentId = principal.agentId;
  if (!agentId) throw new ApiError(403, "errors.forbidden", "FORBIDDEN");
  const agent = await groupOfAgent(db, agentId);
  return { admin: false, agentId, groupId: agent?.group_id ?? null, staff: principal.kind === "User" };
}

/** Emoji flag of an ISO 3166-1 alpha-2 code: "TR" → 🇹🇷. */
export const flagOf = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));

/**
 * Runs a write; a UNIQUE index refusing it becomes the given 409 instead of a 500. With `field`, the message names
 * the field ("code: …", like a 400 entry), so a form shows it on that field.
 */
export async function uniqueOr409<T>(write: () => Promise<T>, messageKey: string, code: string, field?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw field ? new ApiError(409, [`${field}: {{v0}}`], { code, vars: { v0: messageKey } }) : new ApiError(409, messageKey, code);
    }
    throw error;
  }
}

export const conflict = (messageKey: string, code: string) => new ApiError(409, messageKey, code);

export type { LocalizedText };
