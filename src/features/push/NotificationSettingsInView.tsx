/**
 * The notification settings' island in place of the card the edge drew (/information: information.client.ts; the
 * admin's dashboard: dashboard.client.ts, whose view passes `audience` "admin"): it shows nothing until it has its
 * answers, so the drawn card stays until then.
 */
import { withI18n } from "../../components/with-i18n";
import { NotificationSettings } from "./NotificationSettings";

function NotificationSettingsInView({ audience = "agency" }: { audience?: "agency" | "admin" }) {
  return <NotificationSettings audience={audience} quiet />;
}

export default withI18n(NotificationSettingsInView);
