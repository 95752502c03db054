/**
 * Settings read from the Worker's environment (DESIGN §1, §3).
 *
 * The safe state is the default: wrangler.toml says APP_ENV = "production", and only local runs (npm start, npm run
 * dev, the tests, the benches) pass `--var APP_ENV:development` or `test`. Outside those two, the development secret
 * does not exist: without a JWT_SECRET of its own (at least 32 characters, not the development one) the worker
 * refuses to issue or accept tokens (503 AUTH_NOT_CONFIGURED, and a clear line in the log), while pages and public
 * calls keep working.
 */
import { ApiError } from "./errors";

export interface ConfigEnv {
  APP_ENV?: string;
  JWT_SECRET?: string;
  /** Access-token lifetime in seconds (DESIGN §3: 15 minutes; the browser tests use a few seconds). */
  ACCESS_TOKEN_TTL?: string;
  /** Absolute session lifetime in seconds (DESIGN §3: 30 days). */
  SESSION_TTL?: string;
  CURRENCY?: string;
}

const DEV_SECRET = "visa-hub-development-secret-do-not-use-in-production";
/** The environments that may run on the embedded development secret. Anything else counts as production. */
const LOCAL_ENVS: ReadonlySet<string> = new Set(["development", "test"]);
const MIN_SECRET_LENGTH = 32;

export interface Config {
  env: string;
  /** The HS256 key, or null when this deployment has no usable one (use `signingKey`, which refuses then). */
  jwtSecret: string | null;
  accessTtl: number;
  sessionTtl: number;
  currency: string;
}

const seconds = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const isLocalEnv = (name: string | undefined) => LOCAL_ENVS.has(name ?? "");

function secretOf(env: ConfigEnv): string | null {
  const secret = env.JWT_SECRET ?? "";
  if (isLocalEnv(env.APP_ENV)) return secret || DEV_SECRET;
  return secret && secret !== DEV_SECRET && secret.length >= MIN_SECRET_LENGTH ? secret : null;
}

export function config(env: ConfigEnv): Config {
  return {
    env: env.APP_ENV || "production",
    jwtSecret: secretOf(env),
    accessTtl: seconds(env.ACCESS_TOKEN_TTL, 15 * 60),
    sessionTtl: seconds(env.SESSION_TTL, 30 * 24 * 60 * 60),
    currency: env.CURRENCY || "USD",
  };
}

/** The key tokens are signed and checked with; a deployment without one refuses, and says why in the log. */
export function signingKey(cfg: Config): string {
  if (cfg.jwtSecret) return cfg.jwtSecret;
  console.error(
    `JWT_SECRET is missing, too short (< ${MIN_SECRET_LENGTH} characters) or the development secret while APP_ENV is "${cfg.env}": ` +
      "no session token is issued or accepted. Set it with `npx wrangler secret put JWT_SECRET`; local runs pass --var APP_ENV:development.",
  );
  throw new ApiError(503, "security.authNotConfigured", "AUTH_NOT_CONFIGURED");
}
