/** Draws /featured in the browser when the edge could not (featured.client.ts loads this only then). */
import { createRoot } from "react-dom/client";
import type { Messages } from "../../lib/i18n";
import { DEFAULT_LOCALE, isLocale } from "../../shared/locales";
import FeaturedVisas from "./FeaturedVisas";

export function mountFeatured(view: HTMLElement): void {
  const locale = isLocale(view.dataset.locale) ? view.dataset.locale : DEFAULT_LOCALE;
  const messages = JSON.parse(view.dataset.messages ?? "{}") as Messages;
  // The pre-rendered skeleton goes; the island draws its own (the same) until the visas arrive.
  view.replaceChildren();
  createRoot(view).render(<FeaturedVisas locale={locale} messages={messages} />);
}
