/**
 * Settings read from the Worker's environment, with the embedded defaults `wrangler dev` runs on (DESIGN §1).
 * Production sets JWT_SECRET as a secret; the development default is refused when APP_ENV is "production".
 */
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

export interface Config {
  env: string;
  jwtSecret: string;
  accessTtl: number;
  sessionTtl: number;
  currency: string;
}

const seconds = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export function config(env: ConfigEnv): Config {
  const name = env.APP_ENV ?? "development";
  const jwtSecret = env.JWT_SECRET || DEV_SECRET;
  if (name === "production" && jwtSecret === DEV_SECRET) throw new Error("JWT_SECRET must be set in production");
  return {
    env: name,
    jwtSecret,
    accessTtl: seconds(env.ACCESS_TOKEN_TTL, 15 * 60),
    sessionTtl: seconds(env.SESSION_TTL, 30 * 24 * 60 * 60),
    currency: env.CURRENCY || "USD",
  };
}
