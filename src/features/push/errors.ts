/**
 * Failures of the push path (spec §8's push library messages, and ours before the library runs), as message keys
 * under `push.errors.`. Firebase errors carry a `code` such as "messaging/permission-blocked".
 */
export const PUSH_ERRORS = {
  "messaging/permission-blocked": "push.errors.permissionBlocked",
  "messaging/permission-default": "push.errors.permissionDefault",
  "messaging/unsupported-browser": "push.errors.unsupportedBrowser",
  "messaging/indexed-db-unsupported": "push.errors.indexedDbUnsupported",
  "messaging/failed-service-worker-registration": "push.errors.serviceWorker",
  "messaging/token-subscribe-failed": "push.errors.tokenSubscribe",
  "messaging/token-subscribe-no-token": "push.errors.tokenSubscribe",
  "messaging/token-update-failed": "push.errors.tokenSubscribe",
  "installations/request-failed": "push.errors.installation",
  "installations/app-offline": "push.errors.offline",
} as const;

export type PushErrorKey = (typeof PUSH_ERRORS)[keyof typeof PUSH_ERRORS] | "push.errors.generic" | "push.errors.register";

/** An error of our own with a Firebase-style code (checks made before Firebase loads). */
export class PushError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export function pushErrorKey(error: unknown): PushErrorKey {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code in PUSH_ERRORS) return PUSH_ERRORS[code as keyof typeof PUSH_ERRORS];
  if (code === "push/register") return "push.errors.register";
  // Firebase passes the browser's own PushManager.subscribe failures on unwrapped (no push service, a refusal).
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "NotAllowedError") return "push.errors.permissionBlocked";
  if (name === "AbortError" || name === "InvalidStateError" || name === "InvalidAccessError") return "push.errors.tokenSubscribe";
  return "push.errors.generic";
}
