import { applyD1Migrations, env } from "cloudflare:test";

// The same numbered migrations wrangler applies, on the real (local) D1 of each test run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
