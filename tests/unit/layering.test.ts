// STYLE habit 1: arrows only go down. Reads the real import lines of the Worker's source, so a service or a db module
// that imports from api/ or edge/ again fails here, and so does browser-only src/lib reached from the Worker.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every relative import of a file, resolved to a path from the project root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((spec) => relative(root, resolve(dirname(file), spec)));
}

/** The file an import resolves to (path from the root, with its extension), or null when it is not a source file. */
function resolved(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    const path = join(root, candidate);
    if (existsSync(path) && statSync(path).isFile() && /\.(ts|tsx)$/.test(candidate) && !candidate.endsWith(".d.ts")) return candidate;
  }
  return null;
}

/** Every import circle of a graph (file → the files it imports), each once, as "a → b → a" from its first file in sort order. */
function circlesOf(graph: Map<string, string[]>): string[] {
  // Tarjan's strongly connected components: a component of two or more files (or a file importing itself) is a circle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(circlePath(graph, new Set(component)));
  };
  for (const file of [...graph.keys()].sort()) if (!order.has(file)) visit(file);
  return found.sort();
}

/** One concrete loop through a component, from its first file in sort order: what to read to break it. */
function circlePath(graph: Map<string, string[]>, members: Set<string>): string {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start].join(" → ");
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...members].join(" ↔ ");
}

/** The import circles among the source files of `dirs`. */
function importCircles(dirs: string[]): string[] {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sources(join(root, dir)))) {
    const targets = importsOf(file).map(resolved).filter((target): target is string => target !== null);
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return circlesOf(graph);
}

/** The Worker modules that draw pages' React components (issue 9): edge/views.ts and its registries in edge/views/. */
const EDGE_VIEW_FILES = /^functions\/edge\/views(\.tsx?|\/)/;
const edgeViewFiles = () => sources(join(root, "functions/edge")).map((file) => relative(root, file)).filter((file) => EDGE_VIEW_FILES.test(file));

const violations = (dirs: string[], forbidden: RegExp) =>
  dirs.flatMap((dir) => sources(join(root, dir))).flatMap((file) =>
    importsOf(file).filter((target) => forbidden.test(target)).map((target) => `${relative(root, file)} → ${target}`),
  );

describe("layering (STYLE: routes → services → db)", () => {
  it("services and db never import from api/ or edge/", () => {
    expect(violations(["functions/services", "functions/db"], /^functions\/(api|edge)\//)).toEqual([]);
  });
  it("the shared helpers (functions/http) import nothing from api/ or edge/", () => {
    expect(violations(["functions/http"], /^functions\/(api|edge)\//)).toEqual([]);
  });
  it("api/ does not import from edge/ (what both need lives in functions/http)", () => {
    expect(violations(["functions/api"], /^functions\/edge\//)).toEqual([]);
  });
  it("the Worker never imports browser-only src/lib or components (edge views aside)", () => {
    const found = violations(["functions"], /^src\/(lib|components|features|admin)\//);
    expect(found.filter((line) => !EDGE_VIEW_FILES.test(line))).toEqual([]);
  });
  it("the views the edge draws reach only presentational components: no store, API client, session or browser state", () => {
    // Everything the view files pull in from src/, followed import by import.
    const seen = new Set<string>();
    const files = edgeViewFiles();
    expect(files.length, "the view files are found").toBeGreaterThan(1);
    const queue = files.flatMap((file) => importsOf(join(root, file))).filter((target) => target.startsWith("src/"));
    while (queue.length) {
      const target = queue.pop()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const file = [".ts", ".tsx", ""].map((ext) => join(root, target + ext)).find((path) => existsSync(path) && statSync(path).isFile());
      if (file) queue.push(...importsOf(file).filter((next) => next.startsWith("src/")));
    }
    const browserOnly = [...seen].filter((target) =>
      /^src\/lib\/(api|http|session|cookies|toast|first-data|use-store|refresh|sign-out)$|\.store$|\/api$|live\.atoms$|catalogue\/use-store$/.test(target),
    );
    expect(browserOnly).toEqual([]);
    // Nor the ui barrel (src/components/ui/index.ts): it brings the dialogs and Headless UI along, too big a module graph
    // for the Worker (it broke the Worker's tests: workerd refused the test runner's oversized message).
    expect([...seen].filter((target) => /^src\/components\/ui(\/index)?$|\/(Dialog|ConfirmDialog|MultiSelect)$/.test(target))).toEqual([]);
    expect(seen.size, "the check follows the views' imports").toBeGreaterThan(5);
  });
  it("no import circles anywhere in src/ or functions/ (static, type-only or import(): each is a module that needs the other)", () => {
    const circles = importCircles(["src", "functions"]);
    expect(circles).toEqual([]);
  });
  it("the circle finder finds a circle (two files that import each other, as the three of issue 31 did)", () => {
    const graph = new Map([["a", ["b"]], ["b", ["c", "a"]], ["c", []], ["d", ["d"]]]);
    expect(circlesOf(graph)).toEqual(["a → b → a", "d → d"]);
  });
  it("the checker sees imports (a file known to import db does)", () => {
    expect(importsOf(join(root, "functions/services/visas.ts"))).toContain("functions/db/visas");
  });
});
