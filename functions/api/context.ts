/** The Hono environment every route module shares: bindings, request id, and the caller once authenticated. */
import type { Context } from "hono";
import type { ConfigEnv } from "../config";
import type { Principal } from "../services/accounts";
import type { PushEnv } from "../hub/live-hub";
import type { EmailEnv } from "../hub/email-api";

export interface ApiEnv extends ConfigEnv, PushEnv, EmailEnv {
  DB: D1Database;
  /** Files (DESIGN §8): catalogue and theme images; keys made by services/files.ts. */
  FILES: R2Bucket;
  BUILD_ID?: string;
  /** NotificationHub (DESIGN §7): one object per audience; absent where no Durable Objects run. */
  HUB?: import("../hub/live-hub").HubNamespace;
  /** The public Firebase web config (JSON: apiKey, projectId, messagingSenderId, appId, …); unset: no push in browsers. */
  FIREBASE_CONFIG?: string;
  /** The public VAPID key of the Firebase project's web push certificate. */
  FIREBASE_VAPID_KEY?: string;
}

export type AppEnv = {
  Bindings: ApiEnv;
  /** The call's request id, the caller once authenticated, and for its log line (api/call-log.ts) a failed call's error code and a server failure's stack. */
  Variables: { requestId: string; principal?: Principal; errorCode?: string; failure?: string };
};
export type AppContext = Context<AppEnv>;

/** The caller's address for the abuse limits (Cloudflare sets CF-Connecting-IP; `wrangler dev` sets it locally). */
export const clientIp = (c: AppContext) => c.req.header("CF-Connecting-IP") ?? "unknown";
