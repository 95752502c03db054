/**
 * Idempotency-Key on money-moving and order-creating POSTs (DESIGN §4): the same key answers the first answer and
 * changes nothing again; the same key with another body is a 409.
 *
 * A key belongs to the owner of the money: the agency, whoever of its people sends it (an admin's keys are the
 * admin's). That is the ledger's scope too (UNIQUE (agent_id, idempotency_key) on transactions), so the two can never
 * disagree about whether a key was used (issue 25: per-person keys let a staff user's reuse of the agent's key reach
 * the ledger's constraint, which was then read as "claim taken over" and retried forever).
 *
 * Claim, then complete in the work's own batch:
 * 1. INSERT the (owner, key) row with status NULL — the PRIMARY KEY is the lock: of 20 concurrent copies exactly
 *    one inserts it; the others find it.
 * 2. The owner does the work; its batch also sets status and result_id on the row — and fails as a whole if the claim
 *    is no longer the owner's (taken over). So "completed" always means the work committed once, and "claimed" means
 *    it has not (yet).
 * 3. The others wait for the row to complete (polling D1) and answer the same result, re-read from the database.
 * A failed attempt (402, 404, 400…) releases the claim so a corrected retry may go ahead. A claim older than
 * STALE_MS without completion (the owner died before its batch) may be taken over, by compare-and-set on created_at.
 * Every path through the loop waits POLL_MS and checks one deadline: nothing here can spin, and a caller that cannot
 * be answered in WAIT_MS gets 409 IDEMPOTENCY_IN_PROGRESS with Retry-After.
 */
import { ApiError } from "../errors";
import { first, isUniqueViolation, run } from "../db/d1";
import { nowIso } from "../db/ids";

const KEY = /^[\x21-\x7e]{1,255}$/;
const STALE_MS = 30_000;
/** How long a copy waits for the first to finish: well under any client's timeout (the filing form waits 30 s). */
const WAIT_MS = 8_000;
const POLL_MS = 25;
/** Keys are kept for a day: long enough for any retry of one form submission. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyClaim {
  /** The owner of the key: "Agency:<agentId>" or "Admin:<id>" (principalKey). */
  principal: string;
  /** The Idempotency-Key header, or null/undefined when the caller sent none (then the work simply runs). */
  key: string | null | undefined;
  /** What the key is for ("POST /requests", "POST /transactions/update-balance/<id>"): another call with the same key is another body. */
  scope: string;
  body: unknown;
}

export interface IdempotentResult<T> {
  value: T;
  /** True when this answer repeats an earlier one. */
  replayed: boolean;
}

interface KeyRow {
  scope: string;
  body_hash: string;
  status: number | null;
  result_id: string | null;
  created_at: string;
}

/** Stable JSON: object keys sorted, so {a,b} and {b,a} are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What "the same body" means: SHA-256 of the scope and the canonical JSON of the validated body. */
export const bodyHash = (scope: string, body: unknown) => sha256(`${scope}\n${canonical(body)}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` at most once per (principal, key). `work` receives `complete(resultId)`: statements to put in its own
 * batch. `replay(resultId)` rebuilds the answer for the copies that did not do the work.
 */
export async function idempotent<T>(
  db: D1Database,
  claim: IdempotencyClaim,
  work: (complete: (resultId: string, status?: number) => D1PreparedStatement[]) => Promise<T>,
  replay: (resultId: string) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (claim.key === null || claim.key === undefined || claim.key === "") return { value: await work(() => []), replayed: false };
  if (!KEY.test(claim.key)) {
    throw new ApiError(400, ["Idempotency-Key: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.idempotencyKey" } });
  }
  const key = claim.key;
  const hash = await bodyHash(claim.scope, claim.body);
  const owned = async (claimedAt: string): Promise<IdempotentResult<T> | null> => {
    // Completion, in the work's own batch: first a statement that FAILS the whole batch (primary key) when the claim is
    // no longer this one (taken over after STALE_MS), then the completion itself. So the work commits at most once.
    const complete = (resultId: string, status = 200) => [
      db
        .prepare(
          `INSERT INTO idempotency_keys (principal, key, scope, body_hash, created_at) SELECT ?, ?, ?, ?, ?
           WHERE NOT EXISTS (SELECT 1 FROM idempotency_keys WHERE principal = ? AND key = ? AND status IS NULL AND created_at = ?)`,
        )
        .bind(claim.principal, key, claim.scope, hash, claimedAt, claim.principal, key, claimedAt),
      db
        .prepare("UPDATE idempotency_keys SET status = ?, result_id = ? WHERE principal = ? AND key = ? AND created_at = ?")
        .bind(status, resultId, claim.principal, key, claimedAt),
    ];
    try {
      return { value: await work(complete), replayed: false };
    } catch (error) {
      // Nothing was done (the batch is all or nothing): let a corrected retry with the same key go ahead.
      await run(db, "DELETE FROM idempotency_keys WHERE principal = ? AND key = ? AND status IS NULL AND created_at = ?", claim.principal, key, claimedAt).catch(() => 0);
      const message = error instanceof Error ? error.message : "";
      // Our claim was taken over meanwhile (our completion's first statement hit the claim table's primary key): the
      // new owner's answer is the answer. Only that constraint means this; any other error is the work's own.
      if (isUniqueViolation(error) && /idempotency_keys\.(principal|key)/.test(message)) return null;
      // The ledger already holds a movement under this key (it was used before the stored keys were purged): a reuse.
      if (isUniqueViolation(error) && /transactions\.idempotency_key/.test(message)) throw reused();
      throw error;
    }
  };

  if (Math.random() < 0.02) await run(db, "DELETE FROM idempotency_keys WHERE created_at < ?", nowIso(Date.now() - KEEP_MS)).catch(() => 0);

  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      if (Date.now() > deadline) throw inProgress();
      await sleep(POLL_MS);
    }
    const claimedAt = nowIso();
    const inserted = await run(
      db,
      "INSERT INTO idempotency_keys (principal, key, scope, body_hash, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (principal, key) DO NOTHING",
      claim.principal, key, claim.scope, hash, claimedAt,
    );
    if (inserted === 1) {
      const result = await owned(claimedAt);
      if (result) return result;
      continue; // taken over: wait for the new owner's answer
    }

    const row = await first<KeyRow>(db, "SELECT scope, body_hash, status, result_id, created_at FROM idempotency_keys WHERE principal = ? AND key = ?", claim.principal, key);
    if (!row) continue; // released between our insert and read: try to claim again
    if (row.scope !== claim.scope || row.body_hash !== hash) throw reused();
    if (row.status !== null && row.result_id) return { value: await replay(row.result_id), replayed: true };
    if (Date.parse(row.created_at) < Date.now() - STALE_MS) {
      const takenAt = nowIso();
      const taken = await run(
        db, "UPDATE idempotency_keys SET created_at = ? WHERE principal = ? AND key = ? AND status IS NULL AND created_at = ?",
        takenAt, claim.principal, key, row.created_at,
      );
      if (taken === 1) {
        const result = await owned(takenAt);
        if (result) return result;
        continue;
      }
    }
  }
}

const reused = () => new ApiError(409, "errors.idempotencyKeyReused", "IDEMPOTENCY_KEY_REUSED");
const inProgress = () =>
  new ApiError(409, "errors.idempotencyInProgress", { code: "IDEMPOTENCY_IN_PROGRESS", headers: { "Retry-After": "2" } });

/** The owner of a principal's Idempotency-Keys: its agency (agent or staff), or the admin. */
export const principalKey = (p: { kind: string; id: string; agentId?: string | null }) =>
  p.kind !== "Admin" && p.agentId ? `Agency:${p.agentId}` : `${p.kind}:${p.id}`;
