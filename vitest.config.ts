// Three projects (toolchain notes): worker tests inside workerd on real D1, component tests under happy-dom,
// and plain-Node unit tests (locale parity, route table). Browser tests run separately with Playwright.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // wrangler.toml says production (the safe default); the worker tests are a local run.
              bindings: { APP_ENV: "test", TEST_MIGRATIONS: await readD1Migrations("./functions/db/migrations") },
            },
          })),
        ],
        test: { name: "worker", include: ["tests/worker/**/*.test.ts"], setupFiles: ["./tests/worker/setup.ts"] },
      },
      {
        test: { name: "components", environment: "happy-dom", include: ["tests/components/**/*.test.{ts,tsx}"], setupFiles: ["./tests/components/setup.ts"], testTimeout: 20_000 },
      },
      {
        test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        // The real worker under `wrangler dev` with other real servers on loopback (needs `npm run build` first).
        test: { name: "integration", environment: "node", include: ["tests/integration/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 90_000 },
      },
    ],
  },
});
