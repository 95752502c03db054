/** Turns the domain error (functions/errors.ts) into the API envelope of DESIGN §4, in the caller's language. */
import type { Context } from "hono";
import { translate } from "../i18n";
import { parseCookies } from "../http/cookies";
import { preferredLocale } from "../http/locale";
import { ApiError, STATUS_TEXT, type ErrorVar } from "../errors";
import { LOCALE_INFO, type Locale } from "../../src/shared/locales";
import { moneyMarker } from "../../src/shared/format";

export { ApiError, CREDENTIALS_MESSAGE, notFound, type ApiErrorOptions } from "../errors";

/** The caller's language: the locale cookie, else Accept-Language. */
export const callerLocale = (c: Context): Locale => preferredLocale(parseCookies(c.req.header("Cookie") ?? null), c.req.header("Accept-Language") ?? null);

/** An ApiError's message in `locale`, its vars written in (also each item's answer of a bulk call). */
export function errorMessage(locale: Locale, error: ApiError): string | string[] {
  const list = new Intl.ListFormat(LOCALE_INFO[locale].htmlLang, { type: "disjunction" });
  const word = (v: ErrorVar) =>
    typeof v === "string" ? translate(locale, v)
      : typeof v === "number" ? v
        : "minor" in v ? moneyMarker(v.minor, v.currency)
          : list.format(v.map((s) => translate(locale, s)));
  const vars = Object.fromEntries(Object.entries(error.vars).map(([k, v]) => [k, word(v)]));
  const say = (text: string) => translate(locale, text, vars);
  return Array.isArray(error.messages) ? error.messages.map(say) : say(error.messages);
}

export function errorResponse(c: Context, error: unknown): Response {
  const requestId = c.get("requestId" as never) as string | undefined;
  const locale = callerLocale(c);
  if (error instanceof ApiError) {
    const message = errorMessage(locale, error);
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    c.set("errorCode" as never, error.code as never);
    return c.json(
      { statusCode: error.statusCode, message, error: STATUS_TEXT[error.statusCode] ?? "Error", code: error.code, requestId },
      error.statusCode,
    );
  }
  // Logged once, on the call's own line (api/call-log.ts), with its request id.
  c.set("failure" as never, (error instanceof Error ? error.stack ?? error.message : String(error)) as never);
  c.set("errorCode" as never, "INTERNAL" as never);
  // The toast shows `message`: it names the request id, so what the user reads to support finds the call's log line.
  const message = translate(locale, "errors.internal", { requestId: requestId ?? "-" });
  return c.json({ statusCode: 500, message, error: "Internal Server Error", code: "INTERNAL", requestId }, 500);
}
