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
  it("the checker sees imports (a file known to import db does)", () => {
    expect(importsOf(join(root, "functions/services/visas.ts"))).toContain("functions/db/visas");
  });
});
