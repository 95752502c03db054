/** Calls of the push feature (contract/push.ts). */
import type { PublicPushConfig, PushSettings, RegisterTokenInput, UpdateFcmInput } from "../../contract/push";
import { api } from "../../lib/api";
import type { SessionKindName } from "../../contract/auth";

const CONFIG_KEY = "push.config";

/** The public Firebase config; asked once per tab session (it changes only with a deployment). */
export async function fetchPushConfig(): Promise<PublicPushConfig> {
  try {
    const cached = sessionStorage.getItem(CONFIG_KEY);
    if (cached) return JSON.parse(cached) as PublicPushConfig;
  } catch {
    // No storage: ask the API.
  }
  // Quiet: asked in the background on signed-in pages.
  const config = await api.get<PublicPushConfig>("firebase/config", { notify: false });
  try {
    sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Asked again next page.
  }
  return config;
}

export const fetchPushSettings = () => api.get<PushSettings>("firebase/settings");

export const registerToken = (input: RegisterTokenInput) => api.post<PushSettings>("firebase/register-token", input);

/** agents/update-fcm for an agency's owner and staff, admin/update-fcm for admins. */
export const updateFcm = (kind: SessionKindName, input: UpdateFcmInput) => api.patch<PushSettings>(kind === "Admin" ? "admin/update-fcm" : "agents/update-fcm", input);
