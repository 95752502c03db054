// Three projects (toolchain notes): worker tests inside workerd on real D1, component tests under happy-dom,
// and plain-Node unit tests (locale parity, route table). Browser tests run separately with Playwright.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { generateKeyPairSync } from "node:crypto";
import { defineConfig } from "vitest/config";

// A throw-away service account for the worker tests' FCM path: the Worker signs with the private key, the test's fake
// token endpoint verifies with the public one. The endpoints are hosts nobody resolves; the test fakes them.
const fcmKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const FCM_TEST = {
  FCM_SERVICE_ACCOUNT: JSON.stringify({
    project_id: "visa-hub-test", client_email: "push@visa-hub-test.iam.gserviceaccount.com",
    private_key: fcmKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), token_uri: "https://oauth.fcm-fake.test/token",
  }),
  FCM_ENDPOINT: "https://fcm.fcm-fake.test",
  FCM_TEST_PUBLIC_KEY: fcmKeys.publicKey.export({ type: "spki", format: "pem" }).toString(),
};

export default defineConfig({
  test: {
    // The worker's one line per API call (functions/api/call-log.ts) would bury what a failing test printed;
    // tests/worker/call-log.test.ts reads them itself.
    onConsoleLog: (log) => !log.startsWith('{"type":"api"'),
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // wrangler.toml says production (the safe default); the worker tests are a local run.
              bindings: {
                APP_ENV: "test", ...FCM_TEST,
                // The model-based money test (tests/worker/money-model.test.ts): more runs or another seed on demand.
                MONEY_MODEL_RUNS: process.env.MONEY_MODEL_RUNS ?? "", MONEY_MODEL_SEED: process.env.MONEY_MODEL_SEED ?? "",
                TEST_MIGRATIONS: await readD1Migrations("./functions/db/migrations") },
            },
          })),
        ],
        // wrangler.toml's alias for the admin pages the edge draws (functions/edge/views/admin.tsx).
        resolve: { alias: { "#admin-pages": new URL("./src/admin/edge-pages.ts", import.meta.url).pathname } },
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
