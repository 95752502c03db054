/**
 * Every route of the route table as a browser test opens it: the demo records (scripts/demo) its address names — a
 * visa, an agency, a request asking for a document (the fullest request page) — and who is signed in for it.
 */
import type { RouteDef } from "../../src/shared/routes";
import type { AccountName } from "./helpers";

const SAMPLE_IDS: Record<string, string> = {
  "visa-details": "0193a000-0000-7000-8000-000000030001",
  "visa-request": "0193a000-0000-7000-8000-000000030001",
  "admin-agent": "0193a000-0000-7000-8000-00000000c001",
  "request-details": "0193a000-0000-7000-8000-000000050002",
  "admin-request": "0193a000-0000-7000-8000-000000050002",
  // The demo group of Sunrise Travel (scripts/demo/request-groups.mjs).
  "group-details": "0193a000-0000-7000-8000-0000000d0001",
  "group-print": "0193a000-0000-7000-8000-0000000d0001",
};
const SAMPLE_QUERIES: Record<string, string> = { print: "?kind=visa&id=0193a000-0000-7000-8000-000000050002" };

/** The account a route is for: the demo admin, the demo agency, or nobody. */
export function who(route: RouteDef): AccountName | null {
  if (route.middleware.includes("admin")) return "admin";
  if (route.middleware.includes("auth")) return "agent";
  return null;
}

/** The route's address in one language, with a demo record's id and query where it needs them. */
export const pathOf = (route: RouteDef, locale: string) =>
  `/${locale}/${route.path.replace(":id", SAMPLE_IDS[route.id] ?? "0193a000-0000-7000-8000-000000000000")}${route.path ? "/" : ""}${SAMPLE_QUERIES[route.id] ?? ""}`;
