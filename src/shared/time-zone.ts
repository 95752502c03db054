/**
 * The reader's time zone: the browser writes it in a cookie (src/lib/boot-run.ts) and the edge writes the dates and times
 * of the views it draws in it (functions/edge/views.tsx). Only names Intl knows are used; else UTC.
 */
export const TIME_ZONE_COOKIE = "tz";

export function knownTimeZone(name: string | undefined): string {
  if (!name || name.length > 64) return "UTC";
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}
