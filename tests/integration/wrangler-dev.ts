// The real worker under `wrangler dev` on a free loopback port, for the integration tests that need one.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface DevServer {
  site: string;
  stop: () => Promise<void>;
}

/** Starts `wrangler dev <args>` and resolves once it is ready; `stop` waits for it to let go of its port. */
export async function startDev(args: string[]): Promise<DevServer> {
  const port = await freePort();
  const worker: ChildProcess = spawn("wrangler", ["dev", ...args, "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false"], {
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("wrangler dev did not start")), 60_000);
    worker.stdout!.on("data", (chunk) => {
      if (/Ready on/.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    });
    worker.on("exit", (code) => reject(new Error(`wrangler dev exited ${code}`)));
  });
  return {
    site: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (worker.exitCode !== null) return;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.kill("SIGTERM");
      await exited;
    },
  };
}
