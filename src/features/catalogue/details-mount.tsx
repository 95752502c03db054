/** Draws /visa/{id}/details in the browser when the edge could not (details.client.ts loads this only then). */
import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";
import RecordReference from "../../components/RecordReference";
import type { Messages } from "../../lib/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/locales";
import VisaDetails from "./VisaDetails";

const ISLANDS: Record<string, ComponentType<{ locale: Locale; messages?: Messages }>> = {
  "visa-details": VisaDetails,
  "record-reference": RecordReference,
};

export function mountDetails(views: readonly HTMLElement[]): void {
  for (const view of views) {
    const Island = ISLANDS[view.dataset.edgeView ?? ""];
    if (!Island) continue;
    const locale = isLocale(view.dataset.locale) ? view.dataset.locale : DEFAULT_LOCALE;
    const messages = JSON.parse(view.dataset.messages ?? "{}") as Messages;
    // The pre-rendered skeleton goes; the island draws its own (the same) until the visa arrives.
    view.replaceChildren();
    createRoot(view).render(<Island locale={locale} messages={messages} />);
  }
}
