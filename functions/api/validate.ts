/**
 * Validation at the boundary (STYLE habit 2): one zod schema is both the check and the type. A failure is a 400
 * whose message lists one entry per problem, each naming its field: "email: Enter a valid email address."
 */
import type { Context } from "hono";
import { z } from "zod";
import { ApiError } from "./errors";

const MAX_JSON_BYTES = 256 * 1024;

function toApiError(error: z.ZodError): ApiError {
  // Each entry is "<field>: {{vN}}" with vN the message key, so errorResponse translates the sentence, not the field.
  const vars: Record<string, string> = {};
  const entries = error.issues.map((issue, index) => {
    const unknown = issue.code === "unrecognized_keys";
    vars[`v${index}`] = unknown ? "validation.unknownField" : issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    const field = unknown ? issue.keys.join(", ") : issue.path.map(String).join(".") || "body";
    return `${field}: {{v${index}}}`;
  });
  return new ApiError(400, entries, { code: "VALIDATION_FAILED", vars });
}

/** Any zod schema, classic or zod/mini (both share the core the top-level safeParse reads). */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw toApiError(result.error);
  return result.data;
}

/** The JSON body, validated. A body that is not JSON (or too large) is a 400, never a 500. */
export async function jsonBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const declared = Number(c.req.header("Content-Length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw new ApiError(413, "errors.bodyTooLarge", "PAYLOAD_TOO_LARGE");
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(413, "errors.bodyTooLarge", "PAYLOAD_TOO_LARGE");
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, "errors.invalidJson", "INVALID_JSON");
    }
  }
  return parse(schema, value);
}

/** The query string, validated (repeated keys keep their last value). */
export function query<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  return parse(schema, c.req.query());
}
