/**
 * The lead of a visa's page (title, country, summary, picture): the part a phone shows first. The edge writes it into
 * the pre-rendered page from the page's first data (functions/edge/lead.ts), so it paints with the HTML instead of
 * after the scripts (issue 9: LCP); the page's island fills the same fields itself in the rare case the edge could
 * not (src/features/catalogue/visa-lead.ts). One mapping for both, so the two can never show different things.
 */
import type { Visa } from "../contract/catalogue";
import { localized } from "./localized-text";
import type { Locale } from "./locales";

/** The attribute naming each filled element in VisaLead.astro. */
export const LEAD_ATTRIBUTE = "data-lead";

export interface VisaLead {
  title: string;
  summary: string;
  country: string;
  /** Two-letter code, shown in a badge where there is no picture (flag emoji are not drawn everywhere). */
  code: string;
  image: string | null;
}

export function visaLead(visa: Pick<Visa, "title" | "description" | "country" | "image">, locale: Locale): VisaLead {
  return {
    title: localized(visa.title, locale),
    summary: localized(visa.description, locale),
    country: localized(visa.country.name, locale),
    code: visa.country.code,
    image: visa.image ?? null,
  };
}
