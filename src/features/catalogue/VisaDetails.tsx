/**
 * /visa/{id}/details in the browser: one visa with its content, requirements and the agent's own price, and the way
 * to request it. The edge draws all of it into the page (VisaDetailsBody.tsx, functions/edge/views.tsx), so this
 * island runs only when the edge could not (details.client.ts loads it then). The page is one pre-rendered shell per
 * language (id "_"): the real id is read from the address after mount.
 *
 * The lead (picture, country, title, summary) is not drawn here: the edge writes it into the page's VisaLead.astro.
 * This island draws the boxes beside and below it in the page's grid, and fills the lead itself only if the edge could not.
 */
import { useEffect } from "react";
import { withI18n } from "../../components/with-i18n";
import { useRouteId } from "../../lib/route-id";
import type { Locale } from "../../shared/locales";
import { visaLead } from "../../shared/visa-lead";
import { fillVisaLead } from "./visa-lead";
import { useHydratedStore } from "./use-store";
import { $visaDetails, loadVisaDetails } from "./visa-details.store";
import { VisaDetailsBody } from "./VisaDetailsBody";

function VisaDetailsView({ locale }: { locale: Locale }) {
  const id = useRouteId();
  const state = useHydratedStore($visaDetails);
  useEffect(() => {
    if (id) void loadVisaDetails(id);
  }, [id]);
  // The edge wrote the lead into the page; if it could not (its API call failed), the same fields are filled here.
  const visa = state.status === "ready" ? state.data : null;
  useEffect(() => {
    const lead = document.querySelector<HTMLElement>("[data-visa-lead]");
    if (visa && lead?.hidden) fillVisaLead(lead, visaLead(visa, locale));
  }, [visa, locale]);
  return <VisaDetailsBody state={state} locale={locale} id={id} onRetry={() => id && void loadVisaDetails(id)} />;
}

export default withI18n(VisaDetailsView);
