/**
 * What a failed auth call means for the form that made it. The HTTP client has already shown the toast; these
 * put the same news next to the form (and next to the field it concerns).
 */
import { FetchError } from "ofetch";
import type { ApiErrorBody } from "../../contract/common";
import { messageKeyFor } from "../../lib/toast-messages";
import type { Notice } from "./form.store";

export function errorBody(error: unknown): Partial<ApiErrorBody> | undefined {
  return error instanceof FetchError ? (error.data as Partial<ApiErrorBody> | undefined) : undefined;
}

export function errorCode(error: unknown): string | undefined {
  return errorBody(error)?.code;
}

/** The form-level notice for a failed call: protocol messages through the locale files, others as the API wrote them. */
export function noticeFor(error: unknown): Notice {
  if (!(error instanceof FetchError) || error.status === undefined) return { key: "errors.noResponse" };
  const message = errorBody(error)?.message;
  const text = Array.isArray(message) ? message.join(" ") : message;
  if (!text) return { key: "errors.unexpected" };
  const key = messageKeyFor(text);
  return key ? { key } : { text };
}
