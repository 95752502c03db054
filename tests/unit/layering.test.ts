// STYLE habit 1: arrows only go down. Reads the real import lines of the Worker's source, so a service or a db module
// that imports from api/ or edge/ again fails here, and so does browser-only src/lib reached from the Worker.
import { readdirSync, readFileSync, statSync } from "node:fs";
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
  it("the Worker never imports browser-only src/lib or components", () => {
    expect(violations(["functions"], /^src\/(lib|components|features|admin)\//)).toEqual([]);
  });
  it("the checker sees imports (a file known to import db does)", () => {
    expect(importsOf(join(root, "functions/services/visas.ts"))).toContain("functions/db/visas");
  });
});
