/** The home page's "recent events" box: the reader's latest events from the live store (kept current by the hub). */
import { useStore } from "../../lib/use-store";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $recentEvents } from "./live.atoms";
import { EventsBox } from "./EventsBox";
import { openEvent } from "./api";

export { HOME_EVENTS_SHOWN } from "./EventsBox";

function HomeEventsView({ locale }: { locale: Locale }) {
  return <EventsBox events={useStore($recentEvents, { ssr: "initial" })} locale={locale} onOpen={(event, href) => void openEvent(event, href)} />;
}

export default withI18n(HomeEventsView);
