/** The live client's transport: reconnect with backoff, the hub's "ready", catching up, and the 4001 session close. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, connectLive, CLOSE_SESSION_EXPIRED, LIVE_BACKOFF } from "../../src/features/live/live-socket";

class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closed = code;
  }
  // What the hub does:
  ready() {
    this.readyState = 1;
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify({ control: "ready" }) }));
  }
  push(message: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
}

const message = { notification: { title: "Approved", body: "", icon: "" }, data: { type: "request.updated", value: "{}", color: "#ffffff" } };

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function start(overrides: Partial<Parameters<typeof connectLive>[0]> = {}) {
  const received: unknown[] = [];
  const readies: [string, boolean][] = [];
  const connection = connectLive({
    audiences: ["agency", "agents"],
    url: (a) => `ws://test/api/live?audience=${a}`,
    onMessage: (m, a) => received.push([a, m]),
    onReady: (a, again) => readies.push([a, again]),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 1,
    ...overrides,
  });
  return { connection, received, readies };
}

describe("connectLive", () => {
  it("opens one socket per audience and passes messages on, not the hub's control frames", () => {
    const { received, readies } = start();
    expect(FakeSocket.all.map((s) => s.url)).toEqual(["ws://test/api/live?audience=agency", "ws://test/api/live?audience=agents"]);
    FakeSocket.all[0]!.ready();
    FakeSocket.all[0]!.push(message);
    FakeSocket.all[0]!.dispatchEvent(Object.assign(new Event("message"), { data: "pong" }));
    expect(readies).toEqual([["agency", false]]);
    expect(received).toEqual([["agency", message]]);
  });

  it("reconnects with growing delays, and tells the page it is live again (to fetch what it missed)", async () => {
    const { readies } = start({ audiences: ["agency"] });
    FakeSocket.all[0]!.ready();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(backoffDelay(0, () => 1) - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop(); // refused again: the next wait is longer
    await vi.advanceTimersByTimeAsync(backoffDelay(1, () => 1) - 1);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.ready();
    expect(readies).toEqual([["agency", false], ["agency", true]]);
  });

  it("backs off exponentially up to the cap, with jitter between half and all of it", () => {
    expect(backoffDelay(0, () => 1)).toBe(LIVE_BACKOFF.baseMs);
    expect(backoffDelay(3, () => 1)).toBe(LIVE_BACKOFF.baseMs * 8);
    expect(backoffDelay(30, () => 1)).toBe(LIVE_BACKOFF.maxMs);
    expect(backoffDelay(30, () => 0)).toBe(LIVE_BACKOFF.maxMs / 2);
  });

  it("after a 4001 (session to check) refreshes first and reconnects at once; stops when signed out", async () => {
    const reasons: string[] = [];
    let signedIn = true;
    start({ audiences: ["admins"], beforeReconnect: async (reason) => (reasons.push(reason), signedIn) });
    FakeSocket.all[0]!.ready();
    FakeSocket.all[0]!.drop(CLOSE_SESSION_EXPIRED);
    await vi.advanceTimersByTimeAsync(0);
    expect(reasons).toEqual(["session"]);
    expect(FakeSocket.all).toHaveLength(2);
    signedIn = false;
    FakeSocket.all[1]!.drop();
    await vi.advanceTimersByTimeAsync(LIVE_BACKOFF.maxMs);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("pings to keep the socket open, and close() ends everything", async () => {
    const { connection } = start({ audiences: ["agents"] });
    FakeSocket.all[0]!.ready();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(FakeSocket.all[0]!.sent).toEqual(["ping"]);
    connection.close();
    expect(FakeSocket.all[0]!.closed).toBe(1000);
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(LIVE_BACKOFF.maxMs);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
