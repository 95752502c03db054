/**
 * Push notifications (issue 13; spec §7 "Agents", "Admin and push", "Requests"): devices register their FCM token,
 * each account keeps its push settings, admins send. Our additions in the same style: GET firebase/config (the public
 * web config the browser needs, null when push is off) and GET firebase/settings (the caller's settings).
 */
import { Hono } from "hono";
import { firebaseSendInput, registerTokenInput, testNotificationInput, updateFcmInput, type PublicPushConfig } from "../../../src/contract/push";
import { hubStub, liveDelivery, pushSender } from "../../hub/live-hub";
import { pushSettings, registerToken, sendFirebase, sendTestNotification, updateFcm, type DeviceDeps, type PushDeps } from "../../services/push";
import { principalOf, requireAdmin, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { jsonBody } from "../validate";
import { requireReader } from "./access";

const deps = (c: AppContext): PushDeps => ({
  db: c.env.DB,
  sender: pushSender(c.env),
  sockets: async (hub, payload) => (c.env.HUB ? hubStub(c.env.HUB, hub).publish(payload) : 0),
});
const deviceDeps = (c: AppContext): DeviceDeps => ({ db: c.env.DB, hub: liveDelivery(c.env) });
const owner = (c: AppContext) => {
  const p = principalOf(c);
  return { kind: p.kind, id: p.id, agentId: p.agentId };
};

/** The public Firebase config from the Worker's variables; a malformed one counts as none (and is logged). */
function publicConfig(c: AppContext): PublicPushConfig {
  if (!c.env.FIREBASE_CONFIG?.trim()) return { firebase: null, vapidKey: null };
  try {
    const firebase = JSON.parse(c.env.FIREBASE_CONFIG) as NonNullable<PublicPushConfig["firebase"]>;
    if (!firebase.apiKey || !firebase.projectId || !firebase.messagingSenderId || !firebase.appId) throw new Error("apiKey, projectId, messagingSenderId and appId are required");
    return { firebase, vapidKey: c.env.FIREBASE_VAPID_KEY || null };
  } catch (error) {
    console.error("push: FIREBASE_CONFIG is not usable", error);
    return { firebase: null, vapidKey: null };
  }
}

export const firebaseRoutes = new Hono<AppEnv>();

firebaseRoutes.get("/config", requireReader, (c) => c.json(publicConfig(c)));
firebaseRoutes.get("/settings", requireReader, async (c) => c.json(await pushSettings(c.env.DB, owner(c))));
firebaseRoutes.post("/register-token", requireReader, async (c) => {
  const input = await jsonBody(c, registerTokenInput);
  return c.json(await registerToken(deviceDeps(c), owner(c), input), 201);
});
firebaseRoutes.post("/send", requireAdmin, async (c) => {
  const input = await jsonBody(c, firebaseSendInput);
  return c.json(await sendFirebase(deps(c), owner(c), input));
});

/** PATCH agents/update-fcm: an agency's owner or staff user. */
export const agentFcmRoutes = new Hono<AppEnv>().patch("/update-fcm", requireKind("Agent", "User"), async (c) =>
  c.json(await updateFcm(deviceDeps(c), owner(c), await jsonBody(c, updateFcmInput))),
);

/** PATCH admin/update-fcm. */
export const adminFcmRoutes = new Hono<AppEnv>().patch("/update-fcm", requireAdmin, async (c) =>
  c.json(await updateFcm(deviceDeps(c), owner(c), await jsonBody(c, updateFcmInput))),
);

/** POST requests/send-test-notification (admins). */
export const testNotificationRoutes = new Hono<AppEnv>().post("/send-test-notification", requireAdmin, async (c) =>
  c.json(await sendTestNotification(deps(c), owner(c), await jsonBody(c, testNotificationInput))),
);
