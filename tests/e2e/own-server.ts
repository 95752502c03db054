/**
 * A wrangler dev of the test's own, for what the shared server must not see: other variables (Firebase configured)
 * or being stopped and started again (the hub's reconnect). It serves the same build on a copy of the e2e database,
 * so the demo accounts are there and the shared server's data is untouched. Started and stopped by its own pid.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { expect, type BrowserContext } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "./helpers";

export interface OwnServer {
  base: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Own servers listen at E2E_PORT + 1000; the restart test's at E2E_PORT + 1100, so that no two checkouts running side by
 * side (each its own E2E_PORT, a few apart) can land on each other's own servers.
 */
const PORT_OFFSET = 1000;
const RESTART_PORT_OFFSET = 1100;

const answers = (base: string) => fetch(`${base}/api`).then(() => true, () => false);

export function ownServer(name: string, vars: Record<string, string> = {}): OwnServer {
  const port = Number(process.env.E2E_PORT ?? 8790) + (name === "restart" ? RESTART_PORT_OFFSET : PORT_OFFSET);
  const base = `http://127.0.0.1:${port}`;
  const persist = `.wrangler/e2e-${name}`;
  const envFile = `${persist}.env`;
  let child: ChildProcess | null = null;
  let copied = false;

  async function start() {
    // A server another run left on this port would answer in ours' place (and never be stopped by us): the restart test
    // once waited 90 s for a reconnect that could not come, because its page had never lost the stale server.
    if (await answers(base)) throw new Error(`port ${port} is already served by another process: stop it first`);
    if (!copied) {
      rmSync(persist, { recursive: true, force: true });
      cpSync(".wrangler/e2e", persist, { recursive: true });
      writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}='${v}'`).join("\n") + "\n");
      copied = true;
    }
    child = spawn(
      "npx",
      ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--env-file", envFile, "--var", "APP_ENV:test", "--var", "ACCESS_TOKEN_TTL:5"],
      { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" }, detached: true },
    );
    const until = Date.now() + 90_000;
    for (;;) {
      const up = await fetch(`${base}/api`).then((r) => r.ok, () => false);
      if (up) return;
      if (Date.now() > until) throw new Error(`wrangler dev on ${port} did not start`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running?.pid) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    // The process group we started (npx → wrangler → workerd), by its id.
    process.kill(-running.pid, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    for (let i = 0; i < 50 && (await answers(base)); i++) await new Promise((r) => setTimeout(r, 200));
    if (await answers(base)) throw new Error(`port ${port} still answers after its server was stopped`);
  }

  return { base, start, stop };
}

/** Signs in against another server (helpers.signInAs talks to the shared one). */
export async function signInAt(base: string, context: BrowserContext, who: AccountName) {
  const account = ACCOUNTS[who];
  const response = await context.request.post(`${base}/api/auth/${account.login}`, { data: { email: account.email, password: account.password }, headers: { Origin: base } });
  expect(response.status(), await response.text()).toBe(200);
}
