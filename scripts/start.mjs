// `npm start`: builds the pages, prepares local D1 (migrations), and runs the whole product with wrangler dev.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { seed } from "./seed.mjs";
import { DEMO_SIGN_INS } from "./demo/accounts.mjs";

const PORT = process.env.PORT ?? "8787";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", ASTRO_TELEMETRY_DISABLED: "1", CI: process.env.CI ?? "true" };
const step = (label, cmd, args) => {
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(cmd, args, { stdio: "inherit", env });
  if (status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(status ?? 1);
  }
};

step("Building the pages", "npm", ["run", "build", "--silent"]);
step("Preparing the local database (D1 migrations)", "wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
console.log("\n▶ Loading the demo data (once; existing rows are kept)");
await seed();

console.log(`\n▶ Starting the product on http://127.0.0.1:${PORT}/\n`);
const buildId = JSON.parse(readFileSync("dist/builds/latest.json", "utf8")).id;
const server = spawn("wrangler", ["dev", "--ip", "127.0.0.1", "--port", PORT, "--var", `BUILD_ID:${buildId}`, "--var", "APP_ENV:development"], { stdio: ["inherit", "pipe", "inherit"], env });
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/.test(String(chunk))) {
    announced = true;
    console.log(
      [
        "",
        "  ┌──────────────────────────────────────────────────────────────",
        `  │ Visa Hub is running:  http://127.0.0.1:${PORT}/`,
        `  │ Agent sign-in:        http://127.0.0.1:${PORT}/en/login`,
        `  │ Admin sign-in:        http://127.0.0.1:${PORT}/en/admin/login`,
        "  │ Demo sign-ins:",
        ...DEMO_SIGN_INS.map((a) => `  │   ${a.email.padEnd(24)} ${a.password.padEnd(11)} ${a.role} → ${a.page}`),
        "  │ Ctrl+C stops.",
        "  └──────────────────────────────────────────────────────────────",
        "",
      ].join("\n"),
    );
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
