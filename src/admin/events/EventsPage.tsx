/**
 * /admin/events: every audience's events in the kit's table (rows are marked read or deleted, never edited), and a
 * message of the admin's own to an audience through the kit's form. Everything is in the definition.
 */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { events } from "./events.resource";

function EventsPage() {
  const t = useT();
  return <ResourcePage resource={events} caption={t("pages.admin-events.title")} />;
}

export default withI18n(EventsPage);
