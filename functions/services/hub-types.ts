/**
 * The shapes of live delivery (DESIGN §7), in a module of their own that imports no service: the call context
 * (call-context.ts), the event code and the hub all speak of them without importing each other.
 */
import type { PushMessage } from "../../src/contract/events";
import type { Locale } from "../../src/shared/locales";

/** Which hub a message goes to: one agency, every admin, every agent (and their staff). */
export type HubName = `agency:${string}` | "admins" | "agents";

/** What a hub delivers: the message in each language (each socket gets its recipient's), and who must not get it. */
export interface HubPayload {
  messages: Record<Locale, PushMessage>;
  /** Staff users never see money (DESIGN §3): balance messages skip them. */
  skipKinds?: ("Agent" | "User" | "Admin")[];
  /** For open pages only (an echo of the other side's event): never pushed to devices. */
  quiet?: boolean;
}

/** Live delivery, given to services as a dependency (the NotificationHub binding in the Worker; a recorder in tests). */
export interface LiveHub {
  publish(hub: HubName, payload: HubPayload): Promise<void>;
  /** Closes the hub's sockets whose session has ended (after a logout, a password change, a disable, a reset). */
  recheck?(hub: HubName): Promise<void>;
}
