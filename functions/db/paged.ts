/**
 * The one paged list of DESIGN §4 for every resource: `{ data, total, page, limit }` from page/limit/search/sort/order.
 * A resource describes itself once (its FROM, its searchable columns and the public sort names it allows); user input
 * only ever reaches SQL as bound parameters. A sort name outside the resource's allow-list is a 400 naming `sort`.
 */
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { ApiError } from "../errors";
import type { Param } from "./d1";

/** A piece of SQL written by our code, with the values it binds. */
export interface Sql {
  sql: string;
  params: Param[];
}

export const sqlPart = (sql: string, ...params: Param[]): Sql => ({ sql, params });

export interface ListSpec {
  /** Columns (our own SQL). */
  select: string;
  /** "FROM … JOIN …" with its bound values (e.g. the caller's group for prices and visibility). */
  from: Sql;
  /** Conditions that always hold for this caller plus the resource's filters; joined with AND. */
  where?: (Sql | null | undefined | false)[];
  /** Column expressions `search` looks in (case-insensitive for Latin letters, substring match). */
  search: string[];
  /** Public sort name → SQL expression. The first entry is not special: `defaultSort` names the default. */
  sortable: Record<string, string>;
  defaultSort: { key: string; order: "asc" | "desc" };
  /** Stable tie-breaker so pages never overlap, e.g. "v.id". */
  tieBreaker: string;
  /** Sort names on money fields: not offered to a viewer who must not see money (forViewer). */
  moneySorts?: string[];
}

/**
 * The list as a viewer sees it: a staff user (who never sees money, DESIGN §3) is not offered the sorts on money
 * fields, so sorting by price answers 400 like any unknown sort instead of revealing the ranking (issue 25).
 */
export function forViewer(spec: ListSpec, seesMoney: boolean): ListSpec {
  if (seesMoney || !spec.moneySorts?.length) return spec;
  const hidden = new Set(spec.moneySorts);
  return { ...spec, sortable: Object.fromEntries(Object.entries(spec.sortable).filter(([key]) => !hidden.has(key))) };
}

function sortError(): ApiError {
  return new ApiError(400, ["sort: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.sort" } });
}

/** The WHERE clause of a spec and a query, for callers that need it outside a paged list (counts, exports). */
export function whereOf(spec: Pick<ListSpec, "where" | "search">, search: string | undefined): Sql {
  const parts = (spec.where ?? []).filter((p): p is Sql => Boolean(p));
  if (search && spec.search.length) {
    // Substring search with instr(), not LIKE: D1 refuses LIKE patterns longer than 50 bytes ("LIKE or GLOB pattern
    // too complex"), which a 26-letter Arabic search already is, and instr() has no wildcards to escape (% _ \ are
    // plain text). lower() folds ASCII only, exactly as LIKE did; Arabic script has no case.
    parts.push({ sql: `(${spec.search.map((col) => `instr(lower(${col}), lower(?)) > 0`).join(" OR ")})`, params: spec.search.map(() => search) });
  }
  return parts.length ? { sql: `WHERE ${parts.map((p) => p.sql).join(" AND ")}`, params: parts.flatMap((p) => p.params) } : { sql: "", params: [] };
}

/** Runs the count and the page in one D1 round trip (a batch is one consistent read). */
export async function pagedList<Row>(db: D1Database, spec: ListSpec, query: ListQuery): Promise<ListResponse<Row>> {
  const sortKey = query.sort ?? spec.defaultSort.key;
  if (!Object.hasOwn(spec.sortable, sortKey)) throw sortError();
  const sortSql = spec.sortable[sortKey]!;
  const order = (query.order ?? (query.sort ? "asc" : spec.defaultSort.order)) === "desc" ? "DESC" : "ASC";
  const where = whereOf(spec, query.search);
  const offset = (query.page - 1) * query.limit;
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n ${spec.from.sql} ${where.sql}`).bind(...spec.from.params, ...where.params),
    db
      .prepare(`SELECT ${spec.select} ${spec.from.sql} ${where.sql} ORDER BY ${sortSql} ${order}, ${spec.tieBreaker} ${order} LIMIT ? OFFSET ?`)
      .bind(...spec.from.params, ...where.params, query.limit, offset),
  ]);
  const total = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  return { data: rows!.results as Row[], total, page: query.page, limit: query.limit };
}

/** Maps the rows of a page to records, keeping the paging fields. */
export const mapPage = <Row, Out>(page: ListResponse<Row>, map: (row: Row) => Out): ListResponse<Out> => ({ ...page, data: page.data.map(map) });

/** The whole (small) list: complete-list calls answer `{ data, total }`. */
export const wholeList = <T>(data: T[]) => ({ data, total: data.length });

/**
 * Every row of a resource in its default order: complete-list calls answer the whole list (DESIGN §4), however long;
 * `cap` only serves lookups of one row.
 */
export async function listAll<Row>(db: D1Database, spec: ListSpec, cap = -1): Promise<Row[]> {
  const where = whereOf(spec, undefined);
  const sortSql = spec.sortable[spec.defaultSort.key]!;
  const order = spec.defaultSort.order === "desc" ? "DESC" : "ASC";
  const rows = await db
    .prepare(`SELECT ${spec.select} ${spec.from.sql} ${where.sql} ORDER BY ${sortSql} ${order}, ${spec.tieBreaker} ${order} LIMIT ?`)
    .bind(...spec.from.params, ...where.params, cap)
    .all<Row>();
  return rows.results;
}
