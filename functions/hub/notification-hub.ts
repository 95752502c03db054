/**
 * NotificationHub (DESIGN §7): one Durable Object per audience — `agency:<id>`, `admins`, `agents` — holding the
 * hibernating WebSockets of that audience's open pages. The Worker authenticates the socket (functions/api/routes/
 * live.routes.ts) and tells the hub who it is; the hub never trusts the browser for that. While no message flows, the
 * object is evicted from memory and the sockets stay open (hibernation: `ctx.acceptWebSocket`); "ping" is answered
 * by the runtime without waking it.
 *
 * Each socket carries its reader (kind, id, session, saved language, token expiry) as its attachment, so a publish
 * sends every socket the message in its own reader's language. A socket whose access token has expired is closed with
 * 4001 by a periodic sweep; the page reconnects with a fresh token and fetches what it missed.
 *
 * A session that ends (logout, password change, a disabled account or agency, a reset) ends on its sockets too
 * (issue 25): the call that revoked it asks the hub to recheck (services/live-outbox.ts), and every publish checks the
 * sessions of the sockets it sends to in D1 first, so a revoked session never receives another event, whichever path
 * revoked it. Closed with 4001: the page tries to refresh, is refused, and signs out.
 */
import { DurableObject } from "cloudflare:workers";
import type { Locale } from "../../src/shared/locales";
import type { HubPayload } from "../services/events";

export interface HubReader {
  kind: "Agent" | "User" | "Admin";
  id: string;
  /** The session the socket was opened under: checked on every publish. */
  sessionId: string;
  locale: Locale;
  /** Access-token expiry, seconds since the epoch. */
  exp: number;
}

/** Header the Worker uses to hand the authenticated reader to the hub (the hub is reachable only through the Worker). */
export const READER_HEADER = "X-Hub-Reader";
/** Close code of a socket whose session must be checked again (client: refresh, then reconnect). */
export const CLOSE_SESSION_EXPIRED = 4001;
const SWEEP_MS = 60_000;

/** Close codes a server may send: 1000 or the application range (1005/1006 are only ever reported, never sent). */
const sendableClose = (code: number) => (code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000);

export class NotificationHub extends DurableObject {
  private readonly db: D1Database | undefined;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.db = (env as { DB?: D1Database }).DB;
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const raw = request.headers.get(READER_HEADER);
    if (!raw) return new Response("Unauthenticated", { status: 401 });
    const reader = JSON.parse(raw) as HubReader;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [reader.kind]);
    server.serializeAttachment(reader);
    // Tells the page its subscription is live (it then fetches what it missed while it was away).
    server.send(JSON.stringify({ control: "ready" }));
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SWEEP_MS);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the message to every socket of this audience whose session is live, in its reader's language. */
  async publish(payload: HubPayload): Promise<number> {
    const encoded = new Map<Locale, string>();
    let delivered = 0;
    for (const socket of await this.liveSockets()) {
      const reader = socket.deserializeAttachment() as HubReader;
      if (payload.skipKinds?.includes(reader.kind)) continue;
      let text = encoded.get(reader.locale);
      if (text === undefined) {
        text = JSON.stringify(payload.messages[reader.locale] ?? payload.messages.en);
        encoded.set(reader.locale, text);
      }
      try {
        socket.send(text);
        delivered++;
      } catch {
        // A socket closing right now: its page fetches the event when it reconnects.
      }
    }
    return delivered;
  }

  /** Closes the sockets whose session has ended (called by the call that ended it). */
  async recheck(): Promise<number> {
    const before = this.ctx.getWebSockets().length;
    return before - (await this.liveSockets()).length;
  }

  /**
   * The sockets whose session is live (not revoked, within its lifetime), in one D1 read; the others are closed with
   * 4001 on the way. Without a database binding (never in the Worker) nothing is closed.
   */
  private async liveSockets(): Promise<WebSocket[]> {
    const sockets = this.ctx.getWebSockets();
    const readers = sockets.map((socket) => socket.deserializeAttachment() as HubReader | null);
    const ids = [...new Set(readers.map((r) => r?.sessionId).filter((id): id is string => Boolean(id)))];
    let live = new Set<string>();
    if (this.db && ids.length) {
      const rows = await this.db
        .prepare(`SELECT id FROM sessions WHERE id IN (SELECT value FROM json_each(?)) AND revoked_at IS NULL AND expires_at > ?`)
        .bind(JSON.stringify(ids), new Date().toISOString())
        .all<{ id: string }>();
      live = new Set(rows.results.map((r) => r.id));
    } else if (!this.db) live = new Set(ids);
    const out: WebSocket[] = [];
    sockets.forEach((socket, i) => {
      const reader = readers[i];
      if (reader?.sessionId && live.has(reader.sessionId)) out.push(socket);
      else {
        try {
          socket.close(CLOSE_SESSION_EXPIRED, "session ended");
        } catch {
          // Already closing.
        }
      }
    });
    return out;
  }

  /** How many sockets are open (tests and the bench). */
  async count(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async alarm(): Promise<void> {
    const now = Date.now() / 1000;
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      const reader = socket.deserializeAttachment() as HubReader | null;
      if (!reader || reader.exp <= now) {
        try {
          socket.close(CLOSE_SESSION_EXPIRED, "session expired");
        } catch {
          // Already closing.
        }
      }
    }
    if (this.ctx.getWebSockets().length) await this.ctx.storage.setAlarm(Date.now() + SWEEP_MS);
  }

  override async webSocketMessage(): Promise<void> {
    // Pages only listen; "ping" is answered by the auto-response above.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(sendableClose(code), reason);
    } catch {
      // The runtime already completed the close handshake.
    }
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "error");
    } catch {
      // Already gone.
    }
  }
}
