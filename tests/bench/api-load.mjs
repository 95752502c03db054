// API latency under loopback load (issue 3): sign-in and an authenticated GET, each as a ratio to GET /api measured
// in the same run. The load generator (autocannon) and the server share the machine's cores, so the absolute
// numbers say little; the ratios say what sign-in (PBKDF2, 100 000 iterations) and authentication (JWT + one D1
// read of the session and account) cost next to a bare answer.
import autocannon from "autocannon";
import { startProduct } from "./product.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

function load(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (name, r) => ({
  name,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
});

export async function measureApiLoad() {
  const product = await startProduct();
  try {
    const login = await fetch(`${product.url}/api/auth/loginAgent`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }),
    });
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
    const { access_token: token } = await login.json();
    // Warm the isolate and D1 before measuring.
    await load(`${product.url}/api`, { duration: 2 });
    const rows = [
      summary("GET /api (health)", await load(`${product.url}/api`)),
      summary("GET /api/agents/currentAgentData (bearer)", await load(`${product.url}/api/agents/currentAgentData`, { headers: { Authorization: `Bearer ${token}` } })),
      summary("POST /api/auth/loginAgent", await load(`${product.url}/api/auth/loginAgent`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }),
      })),
    ];
    const base = rows[0];
    for (const row of rows) {
      row.p50Ratio = +(row.p50 / Math.max(base.p50, 0.001)).toFixed(1);
      row.p99Ratio = +(row.p99 / Math.max(base.p99, 0.001)).toFixed(1);
    }
    return { date: new Date().toISOString().slice(0, 10), durationS: DURATION_S, connections: CONNECTIONS, rows };
  } finally {
    await product.stop();
  }
}

export function formatApiLoadMarkdown({ date, durationS, connections, rows }) {
  const lines = [
    `# API latency under loopback load (${date})`,
    "",
    `autocannon, ${connections} connections, ${durationS} s per call, against \`wrangler dev\` with local D1 and demo data (2 cores shared by load and server).`,
    "",
    "| call | requests | non-2xx | req/s | p50 ms | p99 ms | p50 × health | p99 × health |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map((r) => `| ${r.name} | ${r.requests} | ${r.non2xx} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.p50Ratio} | ${r.p99Ratio} |`),
  ];
  return lines.join("\n") + "\n";
}
