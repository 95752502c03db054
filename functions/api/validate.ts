/**
 * Validation at the boundary (STYLE habit 2): one zod schema is both the check and the type. A failure is a 400
 * whose message lists one entry per problem, each naming its field: "email: Enter a valid email address."
 */
import type { Context } from "hono";
import * as z from "zod/mini";
import { BodyTooLarge, readTextLimited } from "../http/body";
import { ApiError } from "./errors";

const MAX_JSON_BYTES = 256 * 1024;

function toApiError(error: z.core.$ZodError): ApiError {
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

/**
 * The path of the first text that is not well-formed Unicode (a lone UTF-16 surrogate, "\ud800" in JSON), or null.
 * Such text cannot be stored as UTF-8: D1 would keep U+FFFD in its place, so a name would silently change.
 */
function malformedText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.isWellFormed() ? null : path;
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed()) return [...path, "(key)"];
    const found = malformedText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function parse<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const malformed = malformedText(value);
  if (malformed) throw new ApiError(400, [`${malformed.join(".") || "body"}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: "validation.textMalformed" } });
  const result = schema.safeParse(value);
  if (!result.success) throw toApiError(result.error);
  return result.data;
}

const bodyTooLarge = () => new ApiError(413, "errors.bodyTooLarge", "PAYLOAD_TOO_LARGE");

/**
 * The JSON body, validated. A body that is not JSON is a 400, one over MAX_JSON_BYTES a 413 — counted as it arrives,
 * so a chunked body without a length is refused at its first byte past the limit, not read whole first.
 */
export async function jsonBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readTextLimited(c.req.raw, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw bodyTooLarge();
    throw new ApiError(400, "errors.invalidJson", "INVALID_JSON");
  }
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
export function query<S extends z.ZodMiniType>(c: Context, schema: S): z.output<S> {
  return parse(schema, c.req.query());
}
