/**
 * The page's WebSockets to the NotificationHub (DESIGN §7), one per audience the reader belongs to (an agency's pages:
 * "agency" and "agents"; admins: "admins"). Reconnects with exponential backoff and jitter; the hub's "ready" frame
 * resets the backoff and tells the caller the subscription is live again (it then fetches what it missed). A close
 * with 4001 means the session must be checked again: the caller refreshes the token before the next attempt.
 * No React, no i18n: this is transport only.
 */
import type { PushMessage } from "../../contract/events";

export const LIVE_PING_MS = 25_000;
export const LIVE_BACKOFF = { baseMs: 500, maxMs: 30_000 } as const;
export const CLOSE_SESSION_EXPIRED = 4001;

export type LiveAudience = "agency" | "agents" | "admins";

export interface LiveSocketOptions {
  audiences: LiveAudience[];
  url: (audience: LiveAudience) => string;
  onMessage: (message: PushMessage, audience: LiveAudience) => void;
  /** The hub accepted the socket; `again` is true after a reconnect. */
  onReady?: (audience: LiveAudience, again: boolean) => void;
  /** Before every reconnect (not the first connect): refresh the session when needed. False stops reconnecting. */
  beforeReconnect?: (reason: "closed" | "session") => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

export interface LiveConnection {
  close(): void;
  /** Reconnects now (the page came back online or became visible) instead of waiting for the backoff. */
  wake(): void;
}

/** Delay before attempt `attempt` (0-based): base·2^attempt capped at max, with ±50 % jitter so pages spread out. */
export function backoffDelay(attempt: number, random = Math.random, { baseMs, maxMs } = LIVE_BACKOFF): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function connectLive(options: LiveSocketOptions): LiveConnection {
  const create = options.createSocket ?? ((url) => new WebSocket(url));
  let stopped = false;
  const channels = options.audiences.map((audience) => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let connected = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;

    const open = () => {
      timer = null;
      if (stopped) return;
      const ws = create(options.url(audience));
      socket = ws;
      ws.addEventListener("message", (event) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return; // "pong" and anything else that is not a message
        }
        if (data && typeof data === "object" && (data as { control?: string }).control === "ready") {
          const again = connected;
          connected = true;
          attempt = 0;
          options.onReady?.(audience, again);
          return;
        }
        if (data && typeof data === "object" && "data" in data) options.onMessage(data as PushMessage, audience);
      });
      ws.addEventListener("close", (event) => {
        if (ping) clearInterval(ping);
        ping = null;
        if (socket === ws) socket = null;
        if (!stopped) schedule(event.code === CLOSE_SESSION_EXPIRED ? "session" : "closed");
      });
      ping = setInterval(() => {
        if (ws.readyState === 1) ws.send("ping");
      }, LIVE_PING_MS);
    };

    const schedule = (reason: "closed" | "session", delay = backoffDelay(attempt++, options.random)) => {
      if (timer || stopped) return;
      timer = setTimeout(() => {
        const check = options.beforeReconnect ? options.beforeReconnect(reason) : Promise.resolve(true);
        void check.then(
          (go) => (go ? open() : undefined),
          () => open(),
        );
      }, reason === "session" ? 0 : delay);
    };

    open();
    return {
      close() {
        if (timer) clearTimeout(timer);
        if (ping) clearInterval(ping);
        socket?.close(1000, "page closed");
      },
      wake() {
        if (socket || stopped) return;
        if (timer) clearTimeout(timer);
        timer = null;
        schedule("closed", 0);
      },
    };
  });
  return {
    close() {
      stopped = true;
      for (const channel of channels) channel.close();
    },
    wake() {
      for (const channel of channels) channel.wake();
    },
  };
}
