/**
 * The network edge for the admin request and money stores: a `fetch` that answers by route with handlers the test
 * sets, records every call (method, path, query, body, headers), and can be told to drop the connection. Above it
 * runs the product's own HTTP client (src/lib/http.ts) and stores.
 */
import { createHttp } from "../../src/lib/http";

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body: unknown } | "drop";
type Handler = (call: Call) => Answer | Promise<Answer>;

export const json = (status: number, body: unknown): Answer => ({ status, body });

export class FakeRoutes {
  calls: Call[] = [];
  private routes: { method: string; pattern: RegExp; handler: Handler }[] = [];

  on(method: string, pattern: string | RegExp, handler: Handler): this {
    const regex = typeof pattern === "string" ? new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : pattern;
    this.routes.unshift({ method, pattern: regex, handler });
    return this;
  }

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, "");
    const text = request.method === "GET" ? "" : await request.text();
    const call: Call = {
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
      headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
    };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === request.method && r.pattern.test(path));
    const answer = route ? await route.handler(call) : json(404, { statusCode: 404, message: `No route ${request.method} ${path}`, code: "NOT_FOUND" });
    if (answer === "drop") throw new TypeError("fetch failed");
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  };

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

  callsTo(method: string, path: string | RegExp): Call[] {
    return this.calls.filter((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)));
  }
}
