/**
 * The one domain error of DESIGN §4 (STYLE: functions/errors.ts), thrown by services and db and turned into the
 * envelope { statusCode, message, error, code, requestId } by api/errors.ts alone. The message is a key of
 * locales/*.json (or literal text), written in the caller's language when the answer is made. Two messages are
 * protocol, not prose, and stay English: 401 "Credentials are not correct" and 401 "<Kind> session expired".
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type",
  429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable",
};

export const CREDENTIALS_MESSAGE = "Credentials are not correct";

/** A var of an error message; `{ minor, currency }` is money, written by the reader's digit and money rule. */
export type ErrorVar = string | number | readonly string[] | { minor: number; currency: string };

export interface ApiErrorOptions {
  code?: string;
  /** Values for {{placeholders}} of the message key; a list (of keys or text) is written as the language lists. */
  vars?: Record<string, ErrorVar>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code: string;
  readonly vars: Record<string, ErrorVar>;
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

