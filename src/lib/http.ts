/**
 * The one HTTP client of spec §7–8 (ofetch):
 * - base address from public configuration; the bearer token on every request when one is held;
 * - 400–599 are errors; POST, PUT, PATCH, DELETE are never retried; other methods are retried once on
 *   408, 409, 425, 429, 500, 502, 503, 504;
 * - 401 "Credentials are not correct": one error notice, no refresh;
 * - a 401 whose code says the account's state ended the session (AGENCY_DISABLED, STAFF_DISABLED): no refresh, no
 *   notice; that kind is logged out with the reason, which the sign-in page then says (issue 26);
 * - any other 401: the first word of the message names the session kind (default Agent); that kind is refreshed,
 *   one refresh at a time (requests failing meanwhile wait for it), then the request is retried once with the new
 *   token (a 401 for a request sent before a refresh that has since finished is simply retried with the new
 *   token); a failed refresh rejects the waiting requests and logs that kind out;
 * - other errors: a string message is one notice, a list one notice per entry; then the error is re-thrown;
 *   no answer at all is the notice NO_RESPONSE_MESSAGE.
 * Its collaborators are parameters, so tests drive the same code against a real server.
 *
 * On the browser's own fetch (issue 9: ofetch and its helpers were about 4.6 kB gzip on every island page); errors
 * are still ofetch's FetchError (status, statusText, data), so `instanceof FetchError` from "ofetch" keeps working.
 */
import { FetchError, createFetchError } from "ofetch";

export { FetchError };

type Query = Record<string, string | number | boolean | null | undefined>;

/** What a call may set: the subset of ofetch's options this app uses. */
export interface FetchOptions<_R = "json"> {
  method?: string;
  /** A plain object or array is sent as JSON; FormData, Blob, strings and the like as they are. */
  body?: unknown;
  /** Added to the URL's query string; undefined and null values are left out. */
  query?: Query;
  params?: Query;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** How many times to retry on RETRY_STATUS_CODES or no answer (set per call by `request`). */
  retry?: number;
  /** Answer the Response itself, body unread (file downloads: a blob and its Content-Disposition). Errors as usual. */
  raw?: boolean;
  /**
   * false: a failed call shows no toast, because the caller shows the answer itself (the sign-in form's inline
   * notice for a wrong password or a pending account: one message, not a banner and a toast saying the same).
   */
  notify?: boolean;
}

/** `base` + `path` with exactly one slash between them, then the query. */
export function urlOf(base: string, path: string, query?: Query): string {
  let url = /^https?:\/\//.test(path) ? path : `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.append(key, String(value));
  const search = params.toString();
  if (search) url += (url.includes("?") ? "&" : "?") + search;
  return url;
}

const isJsonBody = (body: unknown) =>
  body !== null && typeof body === "object" && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype || "toJSON" in body);

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.headers.get("content-length") === "0") return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (/json/i.test(response.headers.get("content-type") ?? "") || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export type SessionKind = "Agent" | "Admin" | "User";
export const SESSION_KINDS: readonly SessionKind[] = ["Agent", "Admin", "User"];
export const CREDENTIALS_MESSAGE = "Credentials are not correct";
/** The notice when no answer arrived at all (offline, connection reset); the app shows it in the page language. */
export const NO_RESPONSE_MESSAGE = "No response from the server";
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const NEVER_RETRIED = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface HttpDeps {
  baseURL: string;
  accessToken: () => string | null;
  /**
   * Refreshes the session of `kind`: resolves to the new access token, or false when the server answered with a
   * failure (then `logout` runs); rejects when no answer came at all.
   */
  refresh: (kind: SessionKind) => Promise<string | false | SessionStopped>;
  /** Ends the session of `kind`; `why`: the account's state ended it (the sign-in page says so). */
  logout: (kind: SessionKind, why?: StoppedWhy) => void;
  notifyError: (message: string) => void;
  fetch?: typeof globalThis.fetch;
  /** An answer already in the page for a GET of this path (src/lib/first-data.ts); undefined when none. */
  firstData?: (path: string) => unknown;
}

/** Why the account's state ended a session, as the sign-in page's ?why= names it (functions/db/accounts.ts). */
export type StoppedWhy = "agency-disabled" | "staff-disabled";
/** A refresh the server refused because the account's state ended the session. */
export interface SessionStopped { stopped: StoppedWhy }
const STOPPED: Record<string, StoppedWhy> = { AGENCY_DISABLED: "agency-disabled", STAFF_DISABLED: "staff-disabled" };
/** The reason a 401's code gives, if it is one of the account's state. */
export const stoppedWhy = (code: unknown): StoppedWhy | undefined => (typeof code === "string" ? STOPPED[code] : undefined);

export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  error?: string;
  code?: string;
}

/** The session kind a 401 names: the first word of its message, Agent when it names none. */
export function sessionKindOf(message: unknown): SessionKind {
  const first = typeof message === "string" ? message.trim().split(/\s+/)[0] : undefined;
  return SESSION_KINDS.find((kind) => kind === first) ?? "Agent";
}

export function createHttp(deps: HttpDeps) {
  /** One call with its retries; answers the parsed body or throws a FetchError (status undefined: no answer). */
  async function raw<T>(path: string, options: FetchOptions): Promise<T> {
    const method = (options.method ?? "GET").toUpperCase();
    const url = urlOf(deps.baseURL, path, { ...options.params, ...options.query });
    const headers = new Headers(options.headers);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    let body = options.body as BodyInit | undefined;
    if (isJsonBody(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    const doFetch = deps.fetch ?? globalThis.fetch;
    for (let attempt = 0; ; attempt++) {
      const token = deps.accessToken();
      if (token) headers.set("Authorization", `Bearer ${token}`);
      const request = { method, headers, body, signal: options.signal };
      const retry = attempt < (options.retry ?? 0);
      let response: Response & { _data?: unknown };
      try {
        response = await doFetch(url, request);
      } catch (error) {
        if (retry && !options.signal?.aborted) continue;
        throw createFetchError({ request: url, options: request as never, error: error as Error });
      }
      if (response.ok && options.raw) return response as T;
      response._data = await parseBody(response).catch(() => undefined);
      if (response.ok) return response._data as T;
      if (retry && RETRY_STATUS_CODES.includes(response.status)) continue;
      throw createFetchError({ request: url, options: request as never, response: response as never });
    }
  }

  let refreshing: Promise<string | false> | null = null;

  /** One refresh at a time: every 401 that arrives while it runs waits for the same answer. */
  function refreshOnce(kind: SessionKind): Promise<string | false> {
    refreshing ??= deps
      .refresh(kind)
      .then(
        (token) => {
          // The server refused the refresh token: that session is over (spec §4), for the reason it gave if any.
          if (typeof token === "object") {
            stop(kind, token.stopped);
            return false;
          }
          if (!token) deps.logout(kind);
          return token;
        },
        // No answer came at all (no connection, the server restarting, the refresh code not loaded): the session may
        // well be fine, so nobody is signed out over a network blip; the waiting requests fail as they would have,
        // and the next 401 tries again. Any answer from the server that is not a success signs that kind out.
        () => false as const,
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  let stopping = false;
  /** Logs out once, with the reason, however many calls of the page meet the same ended session. */
  function stop(kind: SessionKind, why: StoppedWhy): void {
    if (stopping) return;
    stopping = true;
    deps.logout(kind, why);
  }

  function notify(body: ApiErrorBody | undefined, fallback: string): void {
    const message = body?.message;
    if (Array.isArray(message)) for (const entry of message) deps.notifyError(String(entry));
    else deps.notifyError(typeof message === "string" && message ? message : fallback);
  }

  async function request<T>(url: string, options: FetchOptions<"json"> = {}, retried = false): Promise<T> {
    const method = (options.method ?? "GET").toUpperCase();
    if (method === "GET" && !options.raw && deps.firstData) {
      const written = deps.firstData(urlOf("", url, { ...options.params, ...options.query }));
      if (written !== undefined) return written as T;
    }
    const retry = NEVER_RETRIED.has((options.method ?? "GET").toUpperCase()) ? 0 : 1;
    const sentWith = deps.accessToken();
    try {
      return await raw<T>(url, { ...options, retry });
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      const body = error.data as ApiErrorBody | undefined;
      const stopped = error.status === 401 ? stoppedWhy(body?.code) : undefined;
      if (stopped) {
        // The office disabled the agency (or the agency this staff member): no refresh can help, and no toast; the
        // sign-in page says why.
        stop(sessionKindOf(body?.message), stopped);
        throw error;
      }
      if (error.status === 401 && body?.message !== CREDENTIALS_MESSAGE && !retried) {
        // A 401 that arrives after another request's refresh has already finished: the new token is there, use it
        // (a second refresh would only rotate the session again).
        const current = deps.accessToken();
        if (!refreshing && current && current !== sentWith) return request<T>(url, options, true);
        const token = await refreshOnce(sessionKindOf(body?.message));
        if (!token) throw error;
        return request<T>(url, options, true);
      }
      if (options.notify !== false) notify(body, error.status === undefined ? NO_RESPONSE_MESSAGE : error.statusText || error.message);
      throw error;
    }
  }

  return {
    request,
    /** Renews the access token now (one at a time, like a 401's); false when the session ended or no answer came. */
    refresh: refreshOnce,
    get: <T>(url: string, options: FetchOptions<"json"> = {}) => request<T>(url, { ...options, method: "GET" }),
    post: <T>(url: string, body?: unknown, options: FetchOptions<"json"> = {}) =>
      request<T>(url, { ...options, method: "POST", body }),
    patch: <T>(url: string, body?: unknown, options: FetchOptions<"json"> = {}) =>
      request<T>(url, { ...options, method: "PATCH", body }),
    put: <T>(url: string, body?: unknown, options: FetchOptions<"json"> = {}) =>
      request<T>(url, { ...options, method: "PUT", body }),
    delete: <T>(url: string, options: FetchOptions<"json"> = {}) => request<T>(url, { ...options, method: "DELETE" }),
  };
}

export type Http = ReturnType<typeof createHttp>;
