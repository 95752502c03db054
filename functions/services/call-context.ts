/**
 * What one API call carries along (services/live-outbox.ts runs every call inside it): the events its batches may
 * write, to publish once they committed, and the hubs whose sockets must be checked because the call ended sessions.
 * A module of its own, importing nothing at run time, so that sessions.ts can note ended sessions without an import
 * circle through the event code.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { HubName, LiveHub } from "./hub-types";

export interface CallContext {
  hub: LiveHub | null;
  /** The platform currency, for money in event texts. */
  currency: string;
  ids: string[];
  /** Hubs whose sockets must be checked against their sessions: this call ended sessions (closeEndedSessions). */
  recheck: Set<HubName>;
}

export const callStorage = new AsyncLocalStorage<CallContext>();

/**
 * Notes that this call ends sessions of `kind` (of agency `agentId`): once it is done, the hubs those sessions may have
 * sockets on close them (issue 25). An agency's people listen on their agency's hub and on the all-agencies one.
 */
export function closeEndedSessions(kind: "Agent" | "User" | "Admin", agentId: string | null): void {
  const outbox = callStorage.getStore();
  if (!outbox) return;
  if (kind === "Admin") outbox.recheck.add("admins");
  else {
    if (agentId) outbox.recheck.add(`agency:${agentId}`);
    outbox.recheck.add("agents");
  }
}

