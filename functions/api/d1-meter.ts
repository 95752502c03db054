/**
 * D1 as one API call sees it (issue 31): the same database, counting the rows each statement read and wrote (D1's
 * `meta.rows_read` / `meta.rows_written`) so the call's log line can say what it cost. Services and db modules get it
 * as `c.env.DB` and never know; statements it prepares go into its `batch` like any other.
 *
 * `first()` is answered from `all()` (D1's first row, or one column of it): `first()` itself gives no meta.
 * `raw()` and `exec()` give none either and are passed through uncounted.
 */
export interface D1Usage {
  rowsRead: number;
  rowsWritten: number;
  /** Statements run (a batch counts each of its statements). */
  statements: number;
  /** Of those, the ones a read replica answered (D1's `served_by_primary` false; always 0 without replication). */
  byReplica: number;
}

export const newUsage = (): D1Usage => ({ rowsRead: 0, rowsWritten: 0, statements: 0, byReplica: 0 });

/** What both a database and a session (D1's Sessions API) offer for queries. */
type Queryable = Pick<D1Database, "prepare" | "batch">;

function count(usage: D1Usage, result: { meta?: Partial<D1Meta> } | undefined): void {
  usage.statements += 1;
  usage.rowsRead += Number(result?.meta?.rows_read ?? 0);
  usage.rowsWritten += Number(result?.meta?.rows_written ?? 0);
  if (result?.meta?.served_by_primary === false) usage.byReplica += 1;
}

class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly usage: D1Usage,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.usage) as unknown as D1PreparedStatement;
  }

  async all<T>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    count(this.usage, result);
    return result;
  }

  async run<T>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    count(this.usage, result);
    return result;
  }

  async first<T>(column?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (!row) return null;
    if (column === undefined) return row as T;
    // As D1's own first(column) answers a column the row does not have.
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column] as T;
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown> {
    return (this.inner.raw as (options?: { columnNames?: boolean }) => Promise<unknown>)(options);
  }
}

const unwrap = (statement: D1PreparedStatement): D1PreparedStatement =>
  statement instanceof MeteredStatement ? statement.inner : statement;

/** `db` (a database or a session) counting into `usage`; `withSession` answers metered sessions. */
export function meteredDb<T extends Queryable>(db: T, usage: D1Usage): T {
  const metered: Queryable = {
    prepare: (query: string) => new MeteredStatement(db.prepare(query), usage) as unknown as D1PreparedStatement,
    batch: async <R>(statements: D1PreparedStatement[]) => {
      const results = await db.batch<R>(statements.map(unwrap));
      for (const result of results) count(usage, result);
      return results;
    },
  };
  // Everything else (exec, withSession, getBookmark, dump) is the database's own, on the database.
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare" || key === "batch") return metered[key];
      if (key === "withSession") {
        return (constraint?: string) => meteredDb((target as unknown as D1Database).withSession(constraint), usage);
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
