/**
 * The admin resource pages (visa list, countries, requirements, news, events, translation services and languages,
 * agent groups):
 * the edge draws each page's table (functions/edge/views/admin.tsx); its island comes when the admin reaches for a
 * control, or at once where the edge could not draw. One script for all of them: only the page's own view is on the
 * page, and only its island is ever loaded.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "admin-visas": () => import("../visas/VisasPage"),
  "admin-countries": () => import("../countries/CountriesPage"),
  "admin-requirements": () => import("../visa-requirements/RequirementsPage"),
  "admin-news": () => import("../news/NewsPage"),
  "admin-events": () => import("../events/EventsPage"),
  "admin-translation-languages": () => import("../translation/TranslationLanguagesPage"),
  "admin-translation-services": () => import("../translation/TranslationServicesPage"),
  "admin-agent-groups": () => import("../groups/GroupsPage"),
});
