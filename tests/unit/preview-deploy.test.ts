/**
 * Preview deploys per branch (issue 31): `npm run deploy:preview` uploads the branch as a version of the preview
 * Worker ([env.preview] in wrangler.toml) under an alias made from the branch name. A preview must never touch
 * production's data: its D1 database and R2 bucket are its own, read here the way wrangler reads the configuration.
 */
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { PREVIEW_ENV, previewAlias } from "../../scripts/deploy-preview.mjs";

/** The parts of wrangler's resolved configuration this test reads. */
interface Resolved {
  name?: string;
  d1_databases: { binding: string; database_id?: string; database_name?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  durable_objects: { bindings: { name: string }[] };
  vars: Record<string, unknown>;
  define: Record<string, string>;
  preview_urls?: boolean;
}
const read = (env?: string) => unstable_readConfig({ config: "wrangler.toml", env }, { hideWarnings: true }) as unknown as Resolved;

describe("preview deploys", () => {
  it("has its own Worker, D1 database and R2 bucket, none of them production's", () => {
    const production = read();
    const preview = read(PREVIEW_ENV);
    expect(preview.name).not.toBe(production.name);
    const db = (config: Resolved) => config.d1_databases.find((d) => d.binding === "DB")!;
    const files = (config: Resolved) => config.r2_buckets.find((b) => b.binding === "FILES")!;
    expect(db(preview)).toBeDefined();
    expect(db(preview).database_id).not.toBe(db(production).database_id);
    expect(db(preview).database_name).not.toBe(db(production).database_name);
    expect(db(preview).migrations_dir).toBe(db(production).migrations_dir);
    expect(files(preview).bucket_name).not.toBe(files(production).bucket_name);
    // The rest of what the Worker needs, named again (an environment inherits no bindings).
    expect(preview.durable_objects.bindings.map((b) => b.name)).toEqual(production.durable_objects.bindings.map((b) => b.name));
    expect(preview.vars).toEqual(production.vars);
    expect(preview.define).toEqual(production.define);
    expect(preview.preview_urls).toBe(true);
  });

  it("names the alias after the branch, as one DNS label with the Worker's name", () => {
    expect(previewAlias("issue-31")).toBe("issue-31");
    expect(previewAlias("Feature/Passport_OCR")).toBe("feature-passport-ocr");
    expect(previewAlias("31-ready-for-the-edge")).toBe("b-31-ready-for-the-edge");
    const long = previewAlias(`feature/${"x".repeat(80)}`);
    expect(`${long}-visa-services-preview`.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z][a-z0-9-]*[a-z0-9]$/);
    expect(() => previewAlias("///")).toThrow(/No preview alias/);
  });
});
