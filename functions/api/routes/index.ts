/** Every route module and the prefix it answers under /api. */
import type { Hono } from "hono";
import type { AppEnv } from "../context";
import { agentRoutes, userRoutes } from "./accounts.routes";
import { authRoutes } from "./auth.routes";

export const accountRoutes: [string, Hono<AppEnv>][] = [
  ["/auth", authRoutes],
  ["/agents", agentRoutes],
  ["/Users", userRoutes],
];
