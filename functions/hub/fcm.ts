/**
 * Firebase Cloud Messaging HTTP v1 from the Worker (DESIGN §7; notes/feasibility.md), used in addition to the hub when
 * a service account is configured. An RS256 assertion signed with Web Crypto (PKCS#8 key from the service-account
 * JSON) is exchanged at the token endpoint for an access token (cached until shortly before it expires), then one
 * POST …/messages:send per device. Both endpoints are configurable so tests point them at a local fake.
 * Plain fetch and crypto.subtle only: it runs the same in workerd and in Node (the unit test's fake).
 */
import type { PushMessage } from "../../src/contract/events";

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface FcmOptions {
  serviceAccount: ServiceAccount;
  /** Default https://fcm.googleapis.com. */
  fcmEndpoint?: string;
  /** Default the service account's token_uri, else https://oauth2.googleapis.com/token. */
  tokenUri?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export type SendResult = "sent" | "unregistered" | { retryAfterS: number } | { error: number };

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

const base64url = (bytes: ArrayBuffer | Uint8Array | string) => {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
  let text = "";
  for (const b of data) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

function pkcs8(pem: string): ArrayBuffer {
  if (/BEGIN RSA PRIVATE KEY/.test(pem)) throw new Error("FCM: the service-account key must be PKCS#8 (BEGIN PRIVATE KEY)");
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\\n|\s/g, "");
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0)).buffer;
}

/** Reads the service-account secret; null when FCM is not configured. */
export function parseServiceAccount(secret: string | undefined): ServiceAccount | null {
  if (!secret?.trim()) return null;
  const value = JSON.parse(secret) as Partial<ServiceAccount>;
  if (!value.project_id || !value.client_email || !value.private_key) throw new Error("FCM: the service account needs project_id, client_email and private_key");
  return value as ServiceAccount;
}

export function createFcmSender(options: FcmOptions) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sa = options.serviceAccount;
  const tokenUri = options.tokenUri ?? sa.token_uri ?? "https://oauth2.googleapis.com/token";
  const endpoint = (options.fcmEndpoint ?? "https://fcm.googleapis.com").replace(/\/$/, "");
  let key: Promise<CryptoKey> | null = null;
  let cached: { token: string; until: number } | null = null;

  async function assertion(): Promise<string> {
    key ??= crypto.subtle.importKey("pkcs8", pkcs8(sa.private_key), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
    const iat = Math.floor(now() / 1000);
    const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
    const claims = base64url(JSON.stringify({ iss: sa.client_email, scope: SCOPE, aud: tokenUri, iat, exp: iat + 3600 }));
    const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", await key, new TextEncoder().encode(`${head}.${claims}`));
    return `${head}.${claims}.${base64url(signature)}`;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.until > now()) return cached.token;
    const response = await doFetch(tokenUri, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: await assertion() }).toString(),
    });
    if (!response.ok) throw new Error(`FCM token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    // Renewed a minute early so a token never expires mid-send.
    cached = { token: body.access_token, until: now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  /** Sends one message to one device (FCM takes one token per request: callers fan out). */
  async function send(deviceToken: string, message: PushMessage): Promise<SendResult> {
    const response = await doFetch(`${endpoint}/v1/projects/${encodeURIComponent(sa.project_id)}/messages:send`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${await accessToken()}` },
      body: JSON.stringify({
        message: {
          token: deviceToken,
          notification: { title: message.notification.title, body: message.notification.body },
          // FCM data values must be strings: value is already a JSON string (spec §3).
          data: { type: message.data.type, value: message.data.value, color: message.data.color },
          webpush: { notification: { icon: message.notification.icon } },
        },
      }),
    });
    if (response.ok) return "sent";
    const text = await response.text();
    if (response.status === 404 || /UNREGISTERED/.test(text)) return "unregistered";
    if (response.status === 429 || response.status >= 500) return { retryAfterS: Number(response.headers.get("Retry-After") ?? 0) || 1 };
    return { error: response.status };
  }

  return { send, accessToken, assertion };
}
