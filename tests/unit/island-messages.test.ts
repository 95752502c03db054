// Issue 9: an island shows only the messages its page passes (`messages={messagesFor(lang, [prefixes])}`); a
// prefix left out would show raw keys like "catalogue.title" in the browser. This reads every page under
// src/pages, follows each island's relative imports through src/, collects the message keys its code can ask
// for (string literals that are locale keys, and template literals like `validation.${code}` whose fixed head
// starts keys) and checks that the page passes every prefix those keys live under. Lazy imports (import("…"))
// are followed too: a dialog loaded later still renders with the page's messages.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";

const root = resolve(__dirname, "../..");
const KEYS = Object.keys(en);
const prefixOf = (key: string) => key.slice(0, key.indexOf("."));
const PREFIXES = new Set(KEYS.map(prefixOf));
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const KEY_SET = new Set(KEYS.map(baseKey));

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.(tsx?|json)$/.test(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /(?:import|export)\s*(?:type\s+)?(?:[^;"'`]*?\bfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const STRING = /"((?:[a-z][A-Za-z0-9]*)(?:\.[A-Za-z0-9_-]+)+)"|'((?:[a-z][A-Za-z0-9]*)(?:\.[A-Za-z0-9_-]+)+)'|`([a-z][A-Za-z0-9]*\.[A-Za-z0-9_.-]*)\$\{/g;

/** Prefixes of the message keys the module graph from `entry` can use (type-only imports are skipped). */
export function prefixesUsedBy(entry: string): { prefixes: Set<string>; files: string[] } {
  const seen = new Set<string>();
  const prefixes = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || file.endsWith(".json")) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8").replace(/^\s*(\/\/.*|\/?\*.*)$/gm, "");
    for (const m of code.matchAll(IMPORT)) {
      if (/^import\s+type\b|^export\s+type\b/.test(m[0])) continue;
      const target = resolveImport(file, m[1] ?? m[2]!);
      // messages.ts is build time only; the toaster's strings (toast-messages.ts, read by mount-toaster.ts for
      // Toaster.ts) travel in the page (Base.astro), not in props.
      if (target && !/[/\\](messages\.ts|toast-messages\.ts|mount-toaster\.ts|Toaster\.ts)$/.test(target)) queue.push(target);
    }
    for (const m of code.matchAll(STRING)) {
      const literal = m[1] ?? m[2];
      if (literal !== undefined) {
        if (KEY_SET.has(literal)) prefixes.add(prefixOf(literal));
      } else {
        const head = m[3]!;
        if (PREFIXES.has(prefixOf(head + ".")) && KEYS.some((key) => key.startsWith(head))) prefixes.add(prefixOf(head + "."));
      }
    }
  }
  return { prefixes, files: [...seen] };
}

interface Mount { page: string; island: string; passed: string[] | null }

/** Every island mount of every page: the component's file and the prefixes passed with messagesFor. */
function mounts(): Mount[] {
  const out: Mount[] = [];
  for (const page of listFiles(join(root, "src/pages")).filter((f) => f.endsWith(".astro"))) {
    const source = readFileSync(page, "utf8");
    const imports = new Map<string, string>();
    for (const m of source.matchAll(/import\s+(\w+)\s+from\s+"([^"]+)"/g)) {
      const target = resolveImport(page, m[2]!);
      if (target && /\.tsx?$/.test(target)) imports.set(m[1]!, target);
    }
    for (const m of source.matchAll(/<(\w+)\b([^>]*\bclient:[a-z]+[^>]*)\/?>/g)) {
      const island = imports.get(m[1]!);
      if (!island) continue;
      const list = /messages=\{messagesFor\(\s*\w+\s*,\s*\[([^\]]*)\]/.exec(m[2]!);
      out.push({
        page: relative(root, page),
        island: island,
        passed: list ? [...list[1]!.matchAll(/["']([^"']+)["']/g)].map((x) => x[1]!) : null,
      });
    }
    // Views the edge (or the build) draws: <EdgeView name="x" prefixes={[…]}>, whose island the page's script
    // registers (`registerViews({ x: () => import("./X") })`); the island gets the view's prefixes when it takes over.
    const registered = new Map<string, string>();
    for (const m of source.matchAll(/<script\s+src="([^"]+\.ts)"/g)) {
      const script = resolveImport(page, m[1]!);
      if (!script) continue;
      for (const entry of readFileSync(script, "utf8").matchAll(/["']?([\w-]+)["']?\]?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']/g)) {
        const island = resolveImport(script, entry[2]!);
        if (island) registered.set(entry[1]!, island);
      }
      // A view named through a constant (`[VIEW]: island`, `const island = () => import(…)`).
      const constant = /const\s+VIEW\s*=\s*["']([\w-]+)["']/.exec(readFileSync(script, "utf8"));
      const lazy = /const\s+island\s*=\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']/.exec(readFileSync(script, "utf8"));
      if (constant && lazy) {
        const island = resolveImport(script, lazy[1]!);
        if (island) registered.set(constant[1]!, island);
      }
    }
    for (const m of source.matchAll(/<EdgeView\b([^>]*)>/g)) {
      const name = /\bname="([^"]+)"/.exec(m[1]!)?.[1];
      const island = name ? registered.get(name) : undefined;
      if (!island) continue;
      const list = /\bprefixes=\{\[([^\]]*)\]/.exec(m[1]!);
      out.push({ page: relative(root, page), island, passed: list ? [...list[1]!.matchAll(/["']([^"']+)["']/g)].map((x) => x[1]!) : null });
    }
  }
  return out;
}

describe("island messages", () => {
  const all = mounts();
  it("finds the islands of the pages", () => {
    expect(all.length).toBeGreaterThan(10);
  });
  it("finds the islands behind the views the edge or the build draws", () => {
    const views = all.filter((m) => /(LoginForm|RegisterForm|InviteAccept|VisaCatalogue|VisaDetails|HomeNews)\.tsx$/.test(m.island));
    expect(views.map((m) => relative(root, m.island)).sort()).toEqual(expect.arrayContaining([
      "src/features/auth/InviteAccept.tsx", "src/features/auth/LoginForm.tsx", "src/features/auth/RegisterForm.tsx",
    ]));
    expect(views.length).toBeGreaterThanOrEqual(6);
  });
  it.each(all.map((m) => [`${m.page} → ${relative(root, m.island)}`, m] as const))("%s gets every prefix it uses", (_, mount) => {
    const { prefixes } = prefixesUsedBy(mount.island);
    const passed = mount.passed ?? [];
    const missing = [...prefixes].filter((p) => !passed.includes(p)).sort();
    expect(missing, `add these prefixes to messagesFor(…) in ${mount.page}`).toEqual([]);
  });
  it("notices a missing prefix (the check itself can fail)", () => {
    const login = all.find((m) => m.island.endsWith("LoginForm.tsx"))!;
    expect(prefixesUsedBy(login.island).prefixes.has("auth")).toBe(true);
  });
});
