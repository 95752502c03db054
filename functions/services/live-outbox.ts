/**
 * Publishing events that other services write inside their own batches (DESIGN §7). A service that records a change
 * (the request change recorder, the ledger) only returns statements; it cannot know whether its batch will commit.
 * So each API call runs with an outbox: `publishAfterCommit` notes the event ids the statements would write, and when
 * the call is done the outbox reads back the rows that really exist (a rolled-back batch or a failed guard leaves
 * none) and publishes exactly those, from the committed text. Nothing is published for work that did not happen.
 */
import { all, allByIds } from "../db/d1";
import type { EventRow } from "../db/events";
import { echoOf, preparedFromRow, publishEvents, type LiveHub } from "./events";

import { callStorage as storage, type CallContext as Outbox } from "./call-context";

/**
 * Runs `work` with an outbox, then publishes what it committed before answering. Awaited, not left to waitUntil: the
 * API is called without an execution context (worker.ts), and I/O still running after the answer would be cancelled;
 * the cost is one hub call (a few ms) on calls that recorded a change.
 */
export async function withOutbox<T>(db: D1Database, hub: LiveHub | null, currency: string, work: () => Promise<T>): Promise<T> {
  const outbox: Outbox = { hub, currency, ids: [], recheck: new Set() };
  try {
    const result = await storage.run(outbox, work);
    if (outbox.ids.length) await flush(db, outbox);
    return result;
  } finally {
    // Also when the call failed after its revocation committed: a revoked session must not keep its sockets.
    if (outbox.recheck.size) await recheckHubs(outbox);
  }
}

async function recheckHubs(outbox: Outbox): Promise<void> {
  try {
    await Promise.all([...outbox.recheck].map((name) => outbox.hub?.recheck?.(name)));
  } catch (error) {
    console.error("live: closing the sockets of ended sessions failed", error);
  }
}

/** Notes an event id whose row a batch of this call may write. */
export function publishAfterCommit(eventId: string): void {
  storage.getStore()?.ids.push(eventId);
}

/** The currency of the running call (event texts show money); the platform default outside a call. */
export const outboxCurrency = () => storage.getStore()?.currency ?? "USD";

async function flush(db: D1Database, outbox: Outbox): Promise<void> {
  try {
    const ids = [...new Set(outbox.ids)];
    // In chunks: a group filing of 200 travellers writes 200 events (issue 28), past D1's 100 bound values.
    const rows = await allByIds(ids, (chunk, marks) => all<EventRow>(db, `SELECT * FROM events WHERE id IN (${marks}) ORDER BY rowid`, ...chunk));
    // Each committed event, and its silent copy for the other side's open pages of the same record (events.ts echoOf).
    await publishEvents(outbox.hub, [...rows.map(preparedFromRow), ...rows.flatMap((row) => echoOf(row) ?? [])]);
  } catch (error) {
    console.error("live: publishing committed events failed", error);
  }
}
