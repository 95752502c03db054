/**
 * The one API error type and envelope of DESIGN §4: { statusCode, message, error, code, requestId }.
 * Services throw ApiError with a message key of locales/*.json (or literal text); errorResponse writes it in the
 * caller's language. Two messages are protocol, not prose, and stay English: 401 "Credentials are not correct"
 * and 401 "<Kind> session expired" (the client reads the first word, spec §8).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { translate } from "../i18n";
import { parseCookies } from "../edge/cookies";
import { preferredLocale } from "../edge/locale";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type",
  429: "Too Many Requests", 500: "Internal Server Error",
};

export const CREDENTIALS_MESSAGE = "Credentials are not correct";

export interface ApiErrorOptions {
  code?: string;
  /** Values for {{placeholders}} of the message key. */
  vars?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code: string;
  readonly vars: Record<string, string | number>;
  readonly headers: Record<string, string>;
  readonly messages: string | string[];

  constructor(readonly statusCode: ContentfulStatusCode, message: string | string[], options: ApiErrorOptions | string = {}) {
    super(Array.isArray(message) ? message.join("; ") : message);
    const opts = typeof options === "string" ? { code: options } : options;
    this.messages = message;
    this.code = opts.code ?? STATUS_TEXT[statusCode]?.toUpperCase().replace(/ /g, "_") ?? "ERROR";
    this.vars = opts.vars ?? {};
    this.headers = opts.headers ?? {};
  }
}

/** 404 "<Thing> not found" in the caller's language; `thing` is a message key such as "entity.agent". */
export const notFound = (thing: string) => new ApiError(404, "errors.notFound", { code: "NOT_FOUND", vars: { thing } });

export function errorResponse(c: Context, error: unknown): Response {
  const requestId = c.get("requestId" as never) as string | undefined;
  if (error instanceof ApiError) {
    const locale = preferredLocale(parseCookies(c.req.header("Cookie") ?? null), c.req.header("Accept-Language") ?? null);
    const vars = Object.fromEntries(Object.entries(error.vars).map(([k, v]) => [k, typeof v === "string" ? translate(locale, v) : v]));
    const say = (text: string) => translate(locale, text, vars);
    const message = Array.isArray(error.messages) ? error.messages.map(say) : say(error.messages);
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(
      { statusCode: error.statusCode, message, error: STATUS_TEXT[error.statusCode] ?? "Error", code: error.code, requestId },
      error.statusCode,
    );
  }
  console.error(JSON.stringify({ requestId, error: error instanceof Error ? error.stack ?? error.message : String(error) }));
  return c.json({ statusCode: 500, message: "Internal Server Error", error: "Internal Server Error", code: "INTERNAL", requestId }, 500);
}
