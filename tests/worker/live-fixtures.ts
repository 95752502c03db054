/** WebSockets to /api/live for worker tests: connect, wait for the hub's "ready", then read messages in order. */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { BASE } from "./fixtures";

export interface Socket {
  ws: WebSocket;
  messages: Record<string, any>[];
  next: (timeoutMs?: number) => Promise<Record<string, any> | null>;
}

const open: WebSocket[] = [];

export async function connect(audience: string, token: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}/api/live?audience=${audience}`, {
    headers: { Upgrade: "websocket", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/** Opens a socket and waits for the hub's "ready". */
export async function socket(audience: string, token: string): Promise<Socket> {
  const response = await connect(audience, token);
  if (response.status !== 101) throw new Error(`socket refused: ${response.status} ${await response.text()}`);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const messages: Record<string, any>[] = [];
  const waiters: ((m: Record<string, any>) => void)[] = [];
  ws.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as Record<string, any>;
    const waiter = waiters.shift();
    if (waiter) waiter(data);
    else messages.push(data);
  });
  const next = (timeoutMs = 1000) =>
    messages.length
      ? Promise.resolve(messages.shift()!)
      : new Promise<Record<string, any> | null>((resolve) => {
          const timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(done), 1);
            resolve(null);
          }, timeoutMs);
          const done = (m: Record<string, any>) => {
            clearTimeout(timer);
            resolve(m);
          };
          waiters.push(done);
        });
  expect(await next()).toEqual({ control: "ready" });
  return { ws, messages, next };
}


export function closeSockets(): void {
  for (const ws of open.splice(0)) ws.close(1000, "done");
}
