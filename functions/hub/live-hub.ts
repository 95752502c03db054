/** The LiveHub services publish through: one NotificationHub object per audience name (DESIGN §7). */
import type { HubName, HubPayload, LiveHub } from "../services/events";
import type { NotificationHub } from "./notification-hub";

export type HubNamespace = DurableObjectNamespace<NotificationHub>;

export const hubStub = (ns: HubNamespace, name: HubName) => ns.get(ns.idFromName(name));

export function liveHub(ns: HubNamespace | undefined): LiveHub | null {
  if (!ns) return null;
  return {
    async publish(name: HubName, payload: HubPayload) {
      await hubStub(ns, name).publish(payload);
    },
  };
}
