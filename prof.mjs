import { chromium } from "playwright";
import { readFileSync } from "fs";
const B = "http://127.0.0.1:8899";
const jarFile = process.argv[3] || "/tmp/jb";
const jar = readFileSync(jarFile, "utf8").split("\n").map(l => l.replace(/^#HttpOnly_/, "")).filter(l => l && !l.startsWith("#")).map(l => l.split("\t")).filter(f => f.length >= 7);
const agg = {};
for (let run = 0; run < Number(process.env.R || 3); run++) {
  const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addCookies(jar.map(f => ({ name: f[5], value: f[6], url: B })));
  const p = await ctx.newPage();
  const c = await ctx.newCDPSession(p);
  await c.send("Emulation.setUserAgentOverride", { userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36", userAgentMetadata: { brands: [], fullVersion: "140", platform: "Android", platformVersion: "11", architecture: "", model: "", mobile: true } });
  await c.send("Profiler.enable"); await c.send("Profiler.setSamplingInterval", { interval: 100 });
  await p.goto("about:blank");
  await c.send("Profiler.start");
  await p.goto(B + process.argv[2], { waitUntil: "load" });
  await p.waitForTimeout(3000);
  const { profile } = await c.send("Profiler.stop");
  const nodes = new Map(profile.nodes.map(n => [n.id, n]));
  // self time by function
  profile.samples.forEach((s, i) => { const n = nodes.get(s); const f = n.callFrame; const k = `${(f.url || "").replace(/.*\//, "")}:${f.functionName || "(anon)"}:${f.lineNumber}:${f.columnNumber}`; agg[k] = (agg[k] || 0) + (profile.timeDeltas[i + 1] || 0) / 1000; });
  await b.close();
}
Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.N || 30)).forEach(([k, v]) => console.log(v.toFixed(1).padStart(7), k));
