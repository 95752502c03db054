import { chromium } from "playwright";
import { readFileSync } from "fs";
const B = "http://127.0.0.1:8899";
const jar = readFileSync("/tmp/jb", "utf8").split("\n").filter(l => l && !l.startsWith("# ") ).map(l => l.replace(/^#HttpOnly_/, "")).map(l => l.split("\t")).filter(f => f.length >= 7);
const cookies = jar.map(f => ({ name: f[5], value: f[6], domain: "127.0.0.1", path: f[2], httpOnly: true }));
const page0 = await (await fetch(B + process.argv[2], { headers: { cookie: cookies.map(c => c.name + "=" + c.value).join("; ") } })).text();
const variants = {
  asis: h => h,
  nocards: h => h.replace(/<ul class="md:hidden[\s\S]*?<\/ul>(?=\s*(<div class="border-t|<\/section))/, ""),
  notable: h => { const i = h.indexOf('<div class="hidden md:block">'), j = h.indexOf('<ul class="md:hidden'); return h.slice(0, i) + h.slice(j); },
  nosvgkids: h => h.replace(/(<svg[^>]*>)[\s\S]*?<\/svg>/g, "$1</svg>"),
  noscript: h => h.replace(/<script[\s\S]*?<\/script>/g, ""),
};
for (const [k, f] of Object.entries(variants)) console.log(k, f(page0).length);
const res = {};
for (let round = 0; round < Number(process.env.R || 6); round++) for (const [k, f] of Object.entries(variants)) {
  const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addCookies(cookies.map(c => ({ ...c, url: B, domain: undefined, path: undefined })));
  const p = await ctx.newPage();
  const html = f(page0);
  await p.route(B + process.argv[2], r => r.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  const c = await ctx.newCDPSession(p);
  await c.send("Performance.enable");
  await p.goto(B + process.argv[2], { waitUntil: "load" });
  await p.waitForTimeout(1500);
  const m = Object.fromEntries((await c.send("Performance.getMetrics")).metrics.map(x => [x.name, x.value]));
  const r = (res[k] ??= { layout: [], style: [], script: [], task: [] });
  r.layout.push(m.LayoutDuration * 1000 | 0); r.style.push(m.RecalcStyleDuration * 1000 | 0); r.script.push(m.ScriptDuration * 1000 | 0); r.task.push(m.TaskDuration * 1000 | 0);
  await b.close();
}
const med = v => [...v].sort((a, b) => a - b)[v.length >> 1];
for (const [k, r] of Object.entries(res)) console.log(k.padEnd(10), Object.entries(r).map(([n, v]) => `${n} ${med(v)}`).join("  "));
