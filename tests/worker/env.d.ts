// The test-only binding: the migrations the setup file applies to D1 (vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The public half of the test service account (vitest.config.ts): the fake token endpoint verifies with it. */
    FCM_TEST_PUBLIC_KEY: string;
    /** Runs and seed of the model-based money test (empty: the fixed CI values). */
    MONEY_MODEL_RUNS: string;
    MONEY_MODEL_SEED: string;
  }
}
