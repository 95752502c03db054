import { startProduct } from "./product.mjs";
const { url, stop } = await startProduct();
try {
  const r = await fetch(`${url}/api/auth/loginAgent`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }) });
  const cookies = r.headers.getSetCookie().map((l) => l.split(";")[0]);
  const cookie = cookies.join("; ");
  const token = cookies.find((c) => c.startsWith("auth.accessToken=")).split("=")[1];
  for (const p of ["agents/balance", "visa/featured?limit=6", "visa/latest?limit=6", "news-feed?limit=10", "events/all?limit=10", "visa/list?page=1&limit=12", "countries/complete-list", "auth/me"]) {
    const times = [];
    for (let i = 0; i < 7; i++) { const t = performance.now(); const res = await fetch(`${url}/api/${p}`, { headers: { Authorization: `Bearer ${token}` } }); await res.text(); times.push(Math.round(performance.now() - t)); if (i==0 && !res.ok) console.log(p, res.status); }
    times.sort((a, b) => a - b);
    console.log(p, "median ms", times[3], times.join(","));
  }
  for (const p of ["/en/", "/en/featured/"]) {
    const times = [];
    for (let i = 0; i < 7; i++) { const t = performance.now(); const res = await fetch(url + p, { headers: { Cookie: cookie } }); await res.text(); times.push(Math.round(performance.now() - t)); }
    times.sort((a, b) => a - b);
    console.log(p, "median ms", times[3], times.join(","));
  }
} finally { await stop(); }
