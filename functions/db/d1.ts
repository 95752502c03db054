/** Thin helpers over D1 so queries read as one line each; the SQL stays visible at the call site. */
export type Param = string | number | null;

export const first = <T>(db: D1Database, sql: string, ...params: Param[]) => db.prepare(sql).bind(...params).first<T>();

export async function all<T>(db: D1Database, sql: string, ...params: Param[]): Promise<T[]> {
  return (await db.prepare(sql).bind(...params).all<T>()).results;
}

export async function run(db: D1Database, sql: string, ...params: Param[]): Promise<number> {
  return (await db.prepare(sql).bind(...params).run()).meta.changes;
}

export const stmt = (db: D1Database, sql: string, ...params: Param[]) => db.prepare(sql).bind(...params);

/** True when D1 refused a write for a UNIQUE index (so the caller can answer 409 instead of 500). */
export const isUniqueViolation = (error: unknown) => error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
/** True when D1 refused a write for a CHECK constraint (e.g. a balance that would go below zero). */
export const isCheckViolation = (error: unknown) => error instanceof Error && /CHECK constraint failed/i.test(error.message);

/** D1 binds at most 100 values per statement; lists of ids are looked up in chunks below that. */
export const MAX_BOUND_IDS = 90;

/**
 * The rows of a lookup by a list of ids of any length (a group of 200 travellers, a thread's messages): `query` gets
 * one chunk and its "?, ?, …" placeholders and answers that chunk's rows.
 */
export async function allByIds<T>(ids: readonly string[], query: (chunk: string[], placeholders: string) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += MAX_BOUND_IDS) {
    const chunk = ids.slice(i, i + MAX_BOUND_IDS);
    rows.push(...(await query(chunk, chunk.map(() => "?").join(", "))));
  }
  return rows;
}
