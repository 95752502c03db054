/**
 * Writes a page's lead from its first data into the pre-rendered markup (issue 9): today the visa page's picture,
 * country, title and summary (src/features/catalogue/VisaLead.astro), through the same mapping the browser uses
 * when it has to fill them itself (src/shared/visa-lead.ts). Text goes in as text (HTMLRewriter escapes it); the
 * picture's address is the API's own file URL.
 */
import type { Visa } from "../../src/contract/catalogue";
import type { Locale } from "../../src/shared/locales";
import { LEAD_ATTRIBUTE, visaLead } from "../../src/shared/visa-lead";
import { firstDataPath } from "./first-data";

type Leads = Record<string, (rewriter: HTMLRewriter, data: Record<string, unknown>, params: Record<string, string>, locale: Locale) => HTMLRewriter>;

const LEADS: Leads = {
  "visa-details": (rewriter, data, params, locale) => {
    const visa = data[firstDataPath("visa/one/:id", params) ?? ""] as Visa | undefined;
    if (!visa?.title || !visa.country) return rewriter;
    const lead = visaLead(visa, locale);
    const part = (name: string) => `[${LEAD_ATTRIBUTE}="${name}"]`;
    return rewriter
      .on("[data-visa-lead]", { element: (el) => void el.removeAttribute("hidden") })
      .on(part("title"), { element: (el) => void el.setInnerContent(lead.title) })
      .on(part("country"), { element: (el) => void el.setInnerContent(lead.country) })
      .on(part("code"), { element: (el) => void el.setInnerContent(lead.code) })
      .on(part("summary"), { element: (el) => void (lead.summary ? el.setInnerContent(lead.summary) : el.setAttribute("hidden", "")) })
      .on(part("image"), {
        element: (el) => {
          if (!lead.image) return;
          el.setAttribute("src", lead.image);
          el.removeAttribute("hidden");
        },
      })
      .on(part("placeholder"), { element: (el) => void (lead.image && el.setAttribute("hidden", "")) });
  },
};

/** Adds the route's lead to the page's rewriter when it has one and its data is there. */
export function withLead(
  rewriter: HTMLRewriter, routeId: string | undefined, data: Record<string, unknown> | null | undefined, params: Record<string, string>, locale: Locale,
): HTMLRewriter {
  const lead = routeId ? LEADS[routeId] : undefined;
  return lead && data ? lead(rewriter, data, params, locale) : rewriter;
}
