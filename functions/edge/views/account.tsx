/**
 * The account pages' views (issue 9): /information, the viewer's own account (summary, profile and password forms),
 * the agency's staff users and the notification settings, drawn from the viewer's own answers; /activity, what was
 * done to the agency's account and requests.
 */
import type { AgentRecord, CurrentUserResponse } from "../../../src/contract/auth";
import type { StaffListResponse } from "../../../src/contract/agents";
import type { PublicPushConfig, PushSettings } from "../../../src/contract/push";
import { AccountInformationBody } from "../../../src/features/auth/AccountInformationView";
import { StaffManagerView } from "../../../src/features/auth/StaffManagerView";
import { NotificationSettingsView } from "../../../src/features/push/NotificationSettingsView";
import type { AuditListResponse } from "../../../src/contract/audit";
import { ActivityView, activityCall, activityPageOf } from "../../../src/features/audit/ActivityView";
import type { EdgeView, ViewRegistry } from "./view";

/** An answer the API gives a viewer of another kind (an agency asking for a staff member's data, …). */
const notTheirs = (status: number) => status === 403;

/**
 * The notification settings card, for the audience of its page (/information: agency; the admin's dashboard: admin).
 * Without push configured nothing on the card depends on the browser: the edge draws it whole (the kinds are the
 * account's, saved on the server). With push configured the device part needs this browser: left to the island.
 */
export function notificationSettingsView(audience: "agency" | "admin"): EdgeView {
  return {
    calls: ["firebase/config", "firebase/settings"],
    messages: ["notifications", "push"],
    render: ([config, settings]) =>
      (config as PublicPushConfig).firebase ? null : <NotificationSettingsView audience={audience} config={config as PublicPushConfig} settings={settings as PushSettings} />,
  };
}

const views: Record<string, EdgeView> = {
  // The island asks by the session's kind: a staff member's own data (Users/currentUserData), else the agency's
  // (agents/currentAgentData). The edge asks both and the one that answered tells the kind; an admin (neither) is
  // left to the island, which shows the admin's record from the session.
  "account-information": {
    calls: ["agents/currentAgentData", "Users/currentUserData"],
    messages: ["account", "auth", "common", "errors", "validation"],
    draws: (answer) => answer.status === 200 || notTheirs(answer.status),
    render: ([agent, staff], { locale, answers }) => {
      if (answers[1]!.status === 200) {
        const { user, agent: agency } = staff as CurrentUserResponse;
        return <AccountInformationBody state={{ status: "ready", kind: "User", user, agency }} locale={locale} />;
      }
      if (answers[0]!.status === 200) return <AccountInformationBody state={{ status: "ready", kind: "Agent", agent: agent as AgentRecord }} locale={locale} />;
      return null;
    },
  },
  // Agencies only: staff and admins get 403, and the island shows them nothing, so neither does the edge.
  "staff-manager": {
    calls: ["agents/staff"],
    messages: ["staff", "ui"],
    draws: (answer) => answer.status === 200 || notTheirs(answer.status),
    render: ([list], { answers }) => (answers[0]!.status === 200 ? <StaffManagerView staff={(list as StaffListResponse).data} /> : <></>),
  },
  "notification-settings": notificationSettingsView("agency"),
  // /activity (issue 32: its island hydrated at once, 100-300 ms of a phone's main thread): the page the address asks for.
  activity: {
    calls: (url) => [activityCall(activityPageOf(url.search))],
    messages: ["activity", "audit", "requests", "ui", "validation"],
    zoned: true,
    render: ([list], { locale, timeZone, url }) => (
      <ActivityView locale={locale} timeZone={timeZone} page={activityPageOf(url.search)} state={{ status: "ready", data: list as AuditListResponse }} />
    ),
  },
};

const routes: Record<string, readonly string[]> = {
  information: ["account-information", "notification-settings", "staff-manager"],
  activity: ["activity"],
};

export const accountViews: ViewRegistry = { views, routes };
