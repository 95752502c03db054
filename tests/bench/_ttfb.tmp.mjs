import { startProduct } from "./product.mjs";
const { url, stop } = await startProduct();
try {
  const r = await fetch(`${url}/api/auth/loginAgent`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }) });
  const cookie = r.headers.getSetCookie().map((l) => l.split(";")[0]).join("; ");
  const visas = await (await fetch(`${url}/api/visa/featured?limit=1`, { headers: { Cookie: cookie } })).json();
  const id = (visas.data ?? visas)[0]?.id ?? (visas.data ?? visas)[0]?._id;
  console.log(JSON.stringify(visas).slice(0,200));
  for (const p of ["/en/", "/en/visa/", `/en/visa/${id}/details/`, "/en/featured/", "/en/login/", "/en/requests/"]) {
    const times = [];
    for (let i = 0; i < 7; i++) { const t = performance.now(); const res = await fetch(url + p, { headers: { Cookie: cookie } }); await res.text(); times.push(Math.round(performance.now() - t)); }
    times.sort((a, b) => a - b);
    console.log(p, "median ms", times[3], times.join(","));
  }
} finally { await stop(); }
