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
