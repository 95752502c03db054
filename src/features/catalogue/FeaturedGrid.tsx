/**
 * The featured visas as /featured shows them. Drawn by the edge into the page's HTML with the agent's own prices
 * (functions/edge/views.tsx), so the page needs no script at all to show them; the browser draws the same component
 * only when the edge could not (FeaturedVisas.tsx, loaded on demand by featured.client.ts).
 */
import { useT } from "../../lib/i18n";
import type { VisaSummary } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import type { Loadable } from "./loadable";
import { EmptyPanel } from "./ui";
import { VisaGrid } from "./VisaGrid";

export function FeaturedGrid({ state, locale, onRetry }: { state: Loadable<readonly VisaSummary[]>; locale: Locale; onRetry: () => void }) {
  const t = useT();
  return (
    <VisaGrid
      state={state}
      locale={locale}
      skeletons={8}
      onRetry={onRetry}
      testId="featured-list"
      eagerFirst
      empty={<EmptyPanel title={t("catalogue.noFeatured")} />}
    />
  );
}
