import { startProduct } from "./product.mjs";
import { gzipSync } from "node:zlib";
const { url, stop } = await startProduct();
try {
  const r = await fetch(`${url}/api/auth/loginAgent`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email: "agent@sunrise.example", password: "Agent#2026" }) });
  const cookie = r.headers.getSetCookie().map((l) => l.split(";")[0]).join("; ");
  const visas = await (await fetch(`${url}/api/visa/featured?limit=1`, { headers: { Cookie: cookie } })).json();
  const id = (visas.data ?? visas)[0]?.id;
  for (const p of ["/en/", "/en/visa/", `/en/visa/${id}/details/`, "/en/featured/", "/en/login/"]) {
    const html = await (await fetch(url + p, { headers: { Cookie: cookie } })).text();
    const msgs = [...html.matchAll(/data-messages="([^"]*)"/g)].reduce((n, m) => n + m[1].length, 0);
    const selects = [...html.matchAll(/<select[\s\S]*?<\/select>/g)].reduce((n, m) => n + m[0].length, 0);
    const css = [...html.matchAll(/<link[^>]*stylesheet[^>]*>/g)].map((m) => m[0]).join(" ");
    console.log(p, "raw", html.length, "gzip", gzipSync(html).length, "data-messages", msgs, "selects", selects, css.slice(0, 200));
  }
  const cssUrl = (await (await fetch(url + "/en/login/")).text()).match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
  const css = await (await fetch(url + cssUrl)).text();
  console.log("css", cssUrl, css.length, gzipSync(css).length);
} finally { await stop(); }
