/**
 * The notification settings' island in place of the card the edge drew on /information (information.client.ts): it
 * shows nothing until it has its answers, so the drawn card stays until then. A module of its own, so the admin's
 * dashboard (which hydrates NotificationSettings itself) does not carry it.
 */
import { withI18n } from "../../components/with-i18n";
import { NotificationSettings } from "./NotificationSettings";

function NotificationSettingsInView() {
  return <NotificationSettings quiet />;
}

export default withI18n(NotificationSettingsInView);
