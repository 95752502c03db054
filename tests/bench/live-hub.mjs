// Live delivery through one NotificationHub (issue 13): 200 WebSockets of one agency on loopback, admin messages
// published through the real API (POST /api/events: D1 write, then the hub's publish), each message timed from the
// moment its POST was sent to the moment each socket received it. Reports deliveries per second (messages × sockets
// ÷ wall time) and the delivery latency percentiles. Load, server and 200 sockets share the machine's 2 cores.
import { startProduct } from "./product.mjs";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const CONCURRENCY = Number(process.env.BENCH_PUBLISHERS ?? 4);

async function signIn(url, kind, email, password) {
  const response = await fetch(`${url}/api/auth/login${kind}`, {
    method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  const body = await response.json();
  return { token: body.access_token, id: (body.agent ?? body.admin)?._id };
}

function open(url, token, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/api/live?audience=agency`, { headers: { Authorization: `Bearer ${token}` } });
    ws.addEventListener("message", (event) => {
      const data = JSON.parse(String(event.data));
      if (data.control === "ready") resolve(ws);
      else onMessage(data, performance.now());
    });
    ws.addEventListener("error", () => reject(new Error("socket refused")));
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureLiveHub() {
  // Long-lived access tokens: the run must not cross a token expiry.
  const product = await startProduct({ vars: { ACCESS_TOKEN_TTL: "3600" } });
  const sockets = [];
  try {
    const admin = await signIn(product.url, "Admin", "admin@visahub.example", "Admin#2026");
    const agent = await signIn(product.url, "Agent", "agent@sunrise.example", "Agent#2026");
    const sentAt = new Map();
    const latencies = [];
    let received = 0;
    let lastAt = 0;
    const onMessage = (message, at) => {
      const seq = Number(/#(\d+)$/.exec(message.notification.title)?.[1]);
      const t0 = sentAt.get(seq);
      if (t0 === undefined) return;
      latencies.push(at - t0);
      received++;
      lastAt = at;
    };
    const connectStart = performance.now();
    for (let i = 0; i < SOCKETS; i += 20) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(20, SOCKETS - i) }, () => open(product.url, agent.token, onMessage)))));
    }
    const connectMs = performance.now() - connectStart;

    const publish = async (seq) => {
      sentAt.set(seq, performance.now());
      const response = await fetch(`${product.url}/api/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: product.url, Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ audience: "agency", agentId: agent.id, title: { en: `Bench #${seq}`, ar: `Bench #${seq}`, ku: `Bench #${seq}` }, message: { en: "x", ar: "x", ku: "x" } }),
      });
      if (response.status !== 201) throw new Error(`publish ${seq}: ${response.status}`);
    };
    // Warm-up (not counted).
    for (let i = 0; i < 5; i++) await publish(-1 - i);
    latencies.length = 0;
    received = 0;

    const start = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) await publish(next++);
    }));
    const expected = MESSAGES * SOCKETS;
    const deadline = performance.now() + 30_000;
    while (received < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const wallMs = (lastAt || performance.now()) - start;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      date: new Date().toISOString().slice(0, 10),
      sockets: SOCKETS, messages: MESSAGES, publishers: CONCURRENCY, connectMs: Math.round(connectMs),
      delivered: received, expected, lost: expected - received,
      deliveriesPerSecond: Math.round(received / (wallMs / 1000)),
      messagesPerSecond: +(MESSAGES / (wallMs / 1000)).toFixed(1),
      latencyMs: { p50: +percentile(sorted, 50).toFixed(1), p90: +percentile(sorted, 90).toFixed(1), p99: +percentile(sorted, 99).toFixed(1), max: +sorted.at(-1).toFixed(1) },
    };
  } finally {
    for (const ws of sockets) ws.close(1000);
    await product.stop();
  }
}

export function formatLiveHubMarkdown(r) {
  return [
    `# Live delivery through one NotificationHub (${r.date})`,
    "",
    `${r.sockets} WebSockets of one agency on loopback against \`wrangler dev\`; ${r.messages} admin messages published through \`POST /api/events\` by ${r.publishers} concurrent publishers (each: D1 write, then the hub's publish). Latency = from sending the POST to a socket receiving the message. Load generator, server and sockets share 2 cores.`,
    "",
    "| sockets | messages | delivered | lost | deliveries/s | messages/s (to all sockets) | p50 ms | p90 ms | p99 ms | max ms | connect all (ms) |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    `| ${r.sockets} | ${r.messages} | ${r.delivered} | ${r.lost} | ${r.deliveriesPerSecond} | ${r.messagesPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.connectMs} |`,
    "",
  ].join("\n");
}
