// Cold start of the deployed Worker (issue 31): how much CPU an isolate spends evaluating the Worker before its first
// request (`wrangler check startup`, workerd's CPU profile of the startup phase), and the size of the main module,
// for this tree against a baseline commit built and measured in the same run (same host, same load).
//
// - Baseline: the tree at STARTUP_BASE (default 68e1d38, the merge base of issue 31) exported with `git archive` into
//   a temporary folder that borrows this checkout's node_modules, built the way it deployed: `wrangler deploy
//   --dry-run --outdir` (one bundled worker.js), profiled with `wrangler check startup`.
// - This tree: the deploy build (scripts/worker-build.mjs: worker.mjs + chunks/ loaded on first use), `wrangler deploy
//   <build>/worker.mjs --no-bundle --dry-run --outdir`, profiled with `wrangler check startup --args "… --no-bundle"`.
// The profiles are taken STARTUP_RUNS times each (default 5), alternating, and the medians compared (the target is
// on them; the best run of each is shown too): one profile holds only 15–30 samples of ~1 ms, and on a busy host a
// profile stretches whenever the isolate's thread waits for a core.
//
//   npm run bench -- startup      # writes tests/bench/results/startup.{md,json}; exits 1 when a target is missed
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { MAIN_MODULE, buildSplitWorker, moduleSizes } from "../../scripts/worker-build.mjs";
import { exportCommit } from "./product.mjs";

export const STARTUP_TARGETS = { mainModuleBytes: 1.5 * 1024 * 1024, cpuShareOfBaseline: 0.4 };

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) exited ${result.status}:\n${(result.stderr || result.stdout).slice(-2000)}`);
  return result.stdout;
}
const wrangler = (args, cwd) => run(process.execPath, [join(cwd, "node_modules/wrangler/bin/wrangler.js"), ...args], cwd);

/** "Active: 16.2 ms" of `wrangler check startup`: CPU time of the startup phase (samples that were not idle). */
function startupCpu(cwd, extraArgs) {
  const profile = join(mkdtempSync(join(tmpdir(), "startup-profile-")), "startup.cpuprofile");
  const out = wrangler(["check", "startup", "--outfile", profile, ...extraArgs], cwd);
  const active = /Active:\s*([\d.]+)\s*ms/.exec(out);
  if (!active) throw new Error(`wrangler check startup printed no "Active" time:\n${out.slice(-1500)}`);
  return Number(active[1]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const fileFacts = (path) => {
  const bytes = readFileSync(path);
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
/** Every module wrangler would upload from its --outdir (the README it writes aside). */
const uploaded = (dir) => moduleSizes(dir).concat(existsSync(join(dir, "worker.js")) ? [{ module: "worker.js", bytes: statSync(join(dir, "worker.js")).size }] : []);

export async function measureStartup({ repoRoot, runs = Number(process.env.STARTUP_RUNS ?? 5), base = process.env.STARTUP_BASE ?? "68e1d38" }) {
  const work = mkdtempSync(join(tmpdir(), "startup-bench-"));
  try {
    // The baseline tree, exactly as committed, with this checkout's packages (same lockfile at the merge base).
    const baseRoot = join(work, "base");
    const baseCommit = run("git", ["rev-parse", "--short", base], repoRoot).trim();
    exportCommit(repoRoot, base, baseRoot);
    // The deploy configuration names the pages' folder; its files play no part in the Worker's startup.
    for (const root of [baseRoot, repoRoot]) mkdirSync(join(root, "dist"), { recursive: true });

    const baseOut = join(work, "base-out");
    wrangler(["deploy", "--dry-run", "--outdir", baseOut], baseRoot);
    const baseMain = fileFacts(join(baseOut, "worker.js"));

    const splitDir = join(repoRoot, ".wrangler/deploy");
    await buildSplitWorker({ root: repoRoot, outdir: splitDir });
    const currentOut = join(work, "current-out");
    const entry = join(".wrangler/deploy", MAIN_MODULE);
    wrangler(["deploy", entry, "--no-bundle", "--dry-run", "--outdir", currentOut], repoRoot);
    const currentMain = fileFacts(join(currentOut, MAIN_MODULE));
    const currentModules = uploaded(currentOut);
    // What an isolate evaluates at start: the main module and the chunks it imports statically, transitively.
    const eager = staticClosure(currentOut, MAIN_MODULE);

    const baseCpu = [];
    const currentCpu = [];
    for (let i = 0; i < runs; i++) {
      baseCpu.push(startupCpu(baseRoot, []));
      currentCpu.push(startupCpu(repoRoot, ["--args", `${entry} --no-bundle`]));
    }
    const baseMedian = median(baseCpu);
    const currentMedian = median(currentCpu);
    // The least disturbed run of each: on a shared host a profile stretches whenever the isolate's thread waits for a core.
    const bestShare = Number((Math.min(...currentCpu) / Math.min(...baseCpu)).toFixed(3));
    const result = {
      date: new Date().toISOString(),
      host: { loadAverage: (await import("node:os")).loadavg().map((l) => Number(l.toFixed(2))) },
      baseline: { commit: baseCommit, mainModule: { name: "worker.js", ...baseMain }, modules: 1, startupCpuMs: baseCpu, startupCpuMedianMs: baseMedian },
      current: {
        commit: run("git", ["rev-parse", "--short", "HEAD"], repoRoot).trim(),
        mainModule: { name: MAIN_MODULE, ...currentMain },
        evaluatedAtStart: eager,
        modules: currentModules.length,
        allModulesBytes: currentModules.reduce((sum, m) => sum + m.bytes, 0),
        largestLazyModules: currentModules.filter((m) => !eager.modules.includes(m.module)).sort((a, b) => b.bytes - a.bytes).slice(0, 6),
        startupCpuMs: currentCpu,
        startupCpuMedianMs: currentMedian,
      },
      cpuShareOfBaseline: Number((currentMedian / baseMedian).toFixed(3)),
      bestRunShareOfBaseline: bestShare,
      targets: STARTUP_TARGETS,
    };
    result.met = { mainModule: currentMain.bytes <= STARTUP_TARGETS.mainModuleBytes, startupCpu: result.cpuShareOfBaseline <= STARTUP_TARGETS.cpuShareOfBaseline };
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The modules evaluated before the first request: `entry` and every module it imports statically (not import()). */
function staticClosure(dir, entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const module = queue.pop();
    if (seen.has(module)) continue;
    seen.add(module);
    const text = readFileSync(join(dir, module), "utf8");
    const base = module.includes("/") ? module.slice(0, module.lastIndexOf("/") + 1) : "";
    for (const [, spec] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"(\.\.?\/[^"]+)"/gms)) queue.push(join(base, spec).replace(/\\/g, "/"));
    for (const [, spec] of text.matchAll(/^import\s*"(\.\.?\/[^"]+)"/gm)) queue.push(join(base, spec).replace(/\\/g, "/"));
  }
  const modules = [...seen];
  const bytes = modules.reduce((sum, m) => sum + statSync(join(dir, m)).size, 0);
  return { modules, bytes };
}

const kib = (bytes) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KiB`;
const ms = (values) => values.map((v) => v.toFixed(1)).join(", ");

export function formatStartupMarkdown(r) {
  const ok = (met) => (met ? "✅" : "❌");
  return [
    `Cold start (\`npm run bench -- startup\`, ${r.date.slice(0, 16).replace("T", " ")} UTC, host load ${r.host.loadAverage.join(" / ")}): \`wrangler check startup\` (workerd's CPU profile of`,
    `the startup phase, "Active" time, median of ${r.baseline.startupCpuMs.length} alternating runs each) and the deploy bundle's main module (\`wrangler deploy --dry-run --outdir\`),`,
    `baseline \`${r.baseline.commit}\` built and measured in the same run.`,
    "",
    `| | baseline \`${r.baseline.commit}\` | this tree \`${r.current.commit}\` | target |`,
    "|---|--:|--:|---|",
    `| main module, raw | ${kib(r.baseline.mainModule.bytes)} | **${kib(r.current.mainModule.bytes)}** | ≤ 1,536 KiB ${ok(r.met.mainModule)} |`,
    `| main module, gzip | ${kib(r.baseline.mainModule.gzip)} | ${kib(r.current.mainModule.gzip)} | |`,
    `| evaluated at start (main + its static imports) | ${kib(r.baseline.mainModule.bytes)} (1 module) | ${kib(r.current.evaluatedAtStart.bytes)} (${r.current.evaluatedAtStart.modules.length} modules) | |`,
    `| whole upload | ${kib(r.baseline.mainModule.bytes)} (1 module) | ${kib(r.current.allModulesBytes)} (${r.current.modules} modules) | |`,
    `| startup CPU, median | ${r.baseline.startupCpuMedianMs.toFixed(1)} ms | **${r.current.startupCpuMedianMs.toFixed(1)} ms (${Math.round(r.cpuShareOfBaseline * 100)} %)** | ≤ 40 % of baseline ${ok(r.met.startupCpu)} |`,
    `| startup CPU, best run | ${Math.min(...r.baseline.startupCpuMs).toFixed(1)} ms | ${Math.min(...r.current.startupCpuMs).toFixed(1)} ms (${Math.round(r.bestRunShareOfBaseline * 100)} %) | |`,
    `| startup CPU, each run | ${ms(r.baseline.startupCpuMs)} | ${ms(r.current.startupCpuMs)} | |`,
    "",
    `Largest modules loaded on first use: ${r.current.largestLazyModules.map((m) => `\`${m.module}\` ${kib(m.bytes)}`).join(", ")}.`,
  ].join("\n");
}
