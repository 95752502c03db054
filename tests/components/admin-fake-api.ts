/**
 * The network edge for the admin kit's component tests: a `fetch` that plays one catalogue resource after the API's
 * conventions (DESIGN §4): paged lists with search/sort/order/filters answering { data, total, page, limit }, create
 * and patch validated with the contract's own zod schema, 400 bodies listing "field: sentence", 409s. Everything
 * above it — the real HTTP client (src/lib/http.ts), the stores and the components — is the product's own code.
 */
import type * as z from "zod/mini";
import { createHttp } from "../../src/lib/http";

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Row = Record<string, unknown> & { _id: string };

export interface FakeResourceOptions {
  /** Base path under /api ("countries"); lists answer at `${base}/list`, records at `${base}/one/{id}`. */
  base: string;
  rows: Row[];
  schema: z.ZodMiniType;
  /** Turns a validated input into a stored row. */
  toRow: (input: Record<string, unknown>, id: string, previous?: Row) => Row;
  /** Columns a search looks in. */
  searchIn: (row: Row) => string;
  /** Sort names → value to compare. */
  sortBy: Record<string, (row: Row) => string | number | boolean>;
  /** Sentences of "validation.*" keys, as the API would write them in English. */
  sentences?: Record<string, string>;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export class FakeResource {
  calls: Call[] = [];
  rows: Row[];
  /** The next answers to force (a 400 from the server, a 500…), consumed in order. */
  forced: { status: number; body: unknown }[] = [];
  /** Holds the list answers whose query it picks until the promise it answers settles (to test stale answers). */
  hold: ((query: Record<string, string>) => Promise<void> | null) | null = null;
  private next = 1;

  constructor(private readonly options: FakeResourceOptions) {
    this.rows = options.rows.map((row) => ({ ...row }));
  }

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, "");
    const text = request.method === "GET" ? "" : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    this.calls.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body });
    const forced = this.forced.shift();
    if (forced) return json(forced.status, forced.body);
    const { base } = this.options;

    if (request.method === "GET" && path === `${base}/list`) {
      const wait = this.hold?.(Object.fromEntries(url.searchParams));
      if (wait) await wait;
      return json(200, this.list(url.searchParams));
    }
    const one = new RegExp(`^${base}/one/(.+)$`).exec(path);
    if (request.method === "GET" && one) {
      const row = this.rows.find((r) => r._id === one[1]);
      return row ? json(200, row) : json(404, { statusCode: 404, message: "Not found", code: "NOT_FOUND" });
    }
    if (request.method === "POST" && path === base) {
      const parsed = this.options.schema.safeParse(body);
      if (!parsed.success) return this.invalid(parsed.error);
      const id = `id-${this.next++}`;
      const row = this.options.toRow(parsed.data as Record<string, unknown>, id);
      this.rows.push(row);
      return json(201, row);
    }
    const item = new RegExp(`^${base}/(.+)$`).exec(path);
    if (item && (request.method === "PATCH" || request.method === "DELETE")) {
      const index = this.rows.findIndex((r) => r._id === item[1]);
      if (index < 0) return json(404, { statusCode: 404, message: "Not found", code: "NOT_FOUND" });
      if (request.method === "DELETE") {
        this.rows.splice(index, 1);
        return json(200, { _id: item[1], deleted: true });
      }
      const parsed = this.options.schema.safeParse(body);
      if (!parsed.success) return this.invalid(parsed.error);
      this.rows[index] = this.options.toRow(parsed.data as Record<string, unknown>, item[1]!, this.rows[index]);
      return json(200, this.rows[index]);
    }
    return json(404, { statusCode: 404, message: `There is no API call ${request.method} /api/${path}.`, code: "NOT_FOUND" });
  };

  private list(params: URLSearchParams) {
    const page = Number(params.get("page") ?? 1);
    const limit = Number(params.get("limit") ?? 20);
    const search = (params.get("search") ?? "").toLowerCase();
    const sort = params.get("sort");
    const order = params.get("order") === "desc" ? -1 : 1;
    let rows = this.rows.filter((row) => !search || this.options.searchIn(row).toLowerCase().includes(search));
    for (const [key, value] of params) {
      if (["page", "limit", "search", "sort", "order"].includes(key)) continue;
      rows = rows.filter((row) => String(row[key]) === value);
    }
    if (sort) {
      const by = this.options.sortBy[sort];
      if (!by) return { statusCode: 400, message: ["sort: This sort order is not available."] };
      rows = [...rows].sort((a, b) => (by(a) < by(b) ? -order : by(a) > by(b) ? order : 0));
    }
    return { data: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
  }

  private invalid(error: z.core.$ZodError) {
    const sentences = this.options.sentences ?? {};
    const message = error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${sentences[issue.message] ?? issue.message}`);
    return json(400, { statusCode: 400, message, error: "Bad Request", code: "VALIDATION_FAILED" });
  }

  /** The real HTTP client of the product, talking to this fake; notices are collected instead of shown. */
  client() {
    const notices: string[] = [];
    const http = createHttp({
      baseURL: "http://admin.test/api",
      accessToken: () => "token",
      refresh: async () => false,
      logout: () => undefined,
      notifyError: (message) => notices.push(message),
      fetch: this.fetch as typeof fetch,
    });
    return { http, notices };
  }

  /** Calls of one kind, e.g. the list queries. */
  listCalls(): Record<string, string>[] {
    return this.calls.filter((c) => c.method === "GET" && c.path.endsWith("/list")).map((c) => c.query);
  }
}
