/** Every route module and the prefix it answers under /api. Who may call the catalogue: routes/access.ts. */
import type { Hono } from "hono";
import type { AppEnv } from "../context";
import { agentRoutes, userRoutes } from "./accounts.routes";
import { agentAdminRoutes, dashboardRoutes } from "./agents.routes";
import { authRoutes } from "./auth.routes";
import { countryRoutes } from "./countries.routes";
import { fileRoutes } from "./files.routes";
import { groupPriceRoutes, groupRoutes } from "./groups.routes";
import { themeRoutes } from "./theme.routes";
import { requestRoutes } from "./requests.routes";
import { transactionRoutes } from "./transactions.routes";
import { requirementRoutes } from "./visa-requirements.routes";
import { visaRoutes } from "./visa.routes";

export const accountRoutes: [string, Hono<AppEnv>][] = [
  ["/auth", authRoutes],
  ["/agents", agentRoutes],
  ["/agents", agentAdminRoutes],
  ["/admin", dashboardRoutes],
  ["/Users", userRoutes],
];

/** The catalogue of issue 4, and the files it serves. */
export const catalogueRoutes: [string, Hono<AppEnv>][] = [
  ["/countries", countryRoutes],
  ["/visa-requirements", requirementRoutes],
  ["/visa", visaRoutes],
  ["/groups", groupRoutes],
  ["/group-price", groupPriceRoutes],
  ["/theme", themeRoutes],
  ["/files", fileRoutes],
];

/** Visa requests and the ledger (issue 8). */
export const requestsRoutes: [string, Hono<AppEnv>][] = [
  ["/requests", requestRoutes],
  ["/transactions", transactionRoutes],
];
