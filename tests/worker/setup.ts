import { applyD1Migrations, env } from "cloudflare:test";

// The same numbered migrations wrangler applies, on the real (local) D1 of each test run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The Worker imports these on first use (issue 31: exports, the sanitizer, the edge views' renderer). Every test file
// evaluated them up front before; loading them here keeps a test's own time limit from going to transforming pdf-lib
// and fontkit. The import() calls in the Worker still run; they find the modules loaded.
await Promise.all([
  import("../../functions/services/export/pdf"),
  import("../../functions/services/export/xlsx"),
  import("../../src/shared/rich-content"),
  import("../../functions/edge/views/draw"),
]);
