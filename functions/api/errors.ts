/** The one API error type and envelope of DESIGN §4: { statusCode, message, error, code }, plus the request id. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type",
  429: "Too Many Requests", 500: "Internal Server Error",
};

export class ApiError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    message: string | string[],
    readonly code: string = STATUS_TEXT[statusCode]?.toUpperCase().replace(/ /g, "_") ?? "ERROR",
  ) {
    super(Array.isArray(message) ? message.join("; ") : message);
    this.messages = message;
  }
  readonly messages: string | string[];
}

export function errorResponse(c: Context, error: unknown): Response {
  const requestId = c.get("requestId" as never) as string | undefined;
  if (error instanceof ApiError) {
    return c.json(
      { statusCode: error.statusCode, message: error.messages, error: STATUS_TEXT[error.statusCode] ?? "Error", code: error.code, requestId },
      error.statusCode,
    );
  }
  console.error(JSON.stringify({ requestId, error: error instanceof Error ? error.stack ?? error.message : String(error) }));
  return c.json({ statusCode: 500, message: "Internal Server Error", error: "Internal Server Error", code: "INTERNAL", requestId }, 500);
}
