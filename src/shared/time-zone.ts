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

interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * This browser's time zone. Temporal answers in ~0.2 ms; the first Intl.DateTimeFormat of a page builds a date
 * formatter with its locale data, 45–145 ms on this project's test host (one long task at start, issue 9), so Intl
 * is only the fallback for browsers without Temporal.
 */
export function browserTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  if (temporal) {
    try {
      return temporal.Now.timeZoneId();
    } catch {
      // An engine whose Temporal is partial: Intl below.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
