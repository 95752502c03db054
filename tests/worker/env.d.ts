// The test-only binding: the migrations the setup file applies to D1 (vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The public half of the test service account (vitest.config.ts): the fake token endpoint verifies with it. */
    FCM_TEST_PUBLIC_KEY: string;
  }
}
