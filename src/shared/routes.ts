/**
 * The route table of spec §2, shared by the page shells (layout, navigation) and the edge worker (guard, shells
 * for dynamic ids, 404). One entry per route; each exists under /en, /ar and /ku.
 */

export type Layout = "default" | "admin" | "blank" | "editor";

/**
 * Route middleware known to the edge guard (spec §5). "auth": a session is needed; "admin": an admin session is
 * needed; "money": the agency's money (statement, ledger), kept from its staff users (DESIGN §3). Login pages name
 * none. A route naming anything else fails at build and at worker start (spec §5: "An unknown route middleware
 * raises an error").
 */
export const ROUTE_MIDDLEWARE = ["auth", "admin", "money"] as const;
export type RouteMiddleware = (typeof ROUTE_MIDDLEWARE)[number];

export type NavSection = "main" | "visa" | "account" | "admin" | "admin-catalogue" | "admin-content" | "admin-translation" | "none";

export interface RouteDef {
  /** Stable name, also the page's message key prefix: pages.<id>.title. */
  id: string;
  /** Path after the locale prefix, without slashes at the ends; ":id" marks a dynamic segment. "" is the home page. */
  path: string;
  layout: Layout;
  middleware: readonly string[];
  nav: NavSection;
  /**
   * GET calls of the API (relative to /api, ":id" filled from the page's address) whose answers the edge writes into
   * the page for the signed-in viewer (functions/edge/first-data.ts), so the page's main content needs no round trip
   * after its scripts load (issue 9: LCP on a phone). Each must be exactly the call the page's island makes first.
   */
  firstData?: readonly string[];
  /**
   * The API call (relative to /api, ":id" filled in) that reads the record the address names. When it answers 404
   * (or 400: an id the API refuses), the page answers 404 with the not-found page (spec §2 route validation), not a
   * page that says "not found" under a 200. Asked with the viewer's session, so another agency's record is unknown too.
   */
  record?: string;
}

/** True for a route about the agency's money: hidden from staff users in navigation and refused them at the edge. */
export const isMoneyRoute = (route: Pick<RouteDef, "middleware">) => route.middleware.includes("money");

export class UnknownMiddlewareError extends Error {
  constructor(routeId: string, name: string) {
    super(`Unknown route middleware "${name}" on route "${routeId}"`);
    this.name = "UnknownMiddlewareError";
  }
}

/** Checks every route's middleware against the known ones; throws at module load on the first unknown name. */
export function defineRoutes<const T extends readonly RouteDef[]>(routes: T): T {
  const ids = new Set<string>();
  for (const route of routes) {
    if (ids.has(route.id)) throw new Error(`Duplicate route id "${route.id}"`);
    ids.add(route.id);
    for (const name of route.middleware) {
      if (!(ROUTE_MIDDLEWARE as readonly string[]).includes(name)) throw new UnknownMiddlewareError(route.id, name);
    }
  }
  return routes;
}

const AGENT = ["auth"] as const;
/** Agency pages about its money: agencies only, never their staff. */
const MONEY = ["auth", "money"] as const;
const ADMIN = ["auth", "admin"] as const;

export const ROUTES = defineRoutes([
  { id: "home", path: "", layout: "default", middleware: AGENT, nav: "main" },
  { id: "visa", path: "visa", layout: "default", middleware: AGENT, nav: "main" },
  { id: "available-visa", path: "visa/available-visa", layout: "default", middleware: AGENT, nav: "main" },
  { id: "featured", path: "featured", layout: "default", middleware: AGENT, nav: "main" },
  // DESIGN §2, our addition: the agency's visa requests and one request, for the agency and its staff.
  { id: "requests", path: "requests", layout: "default", middleware: AGENT, nav: "main" },
  // Issue 27: every news item and every event of the reader, paged (the home boxes and the bell show the latest).
  { id: "news", path: "news", layout: "default", middleware: AGENT, nav: "none" },
  { id: "events", path: "events", layout: "default", middleware: AGENT, nav: "none" },
  { id: "request-details", path: "requests/:id", layout: "default", middleware: AGENT, nav: "none", firstData: ["requests/one-by-agent/:id"], record: "requests/one-by-agent/:id" },
  { id: "translation", path: "translation", layout: "default", middleware: AGENT, nav: "main" },
  { id: "translation-requests", path: "translation/requests", layout: "default", middleware: AGENT, nav: "main" },
  { id: "transactions", path: "transactions", layout: "default", middleware: MONEY, nav: "main" },
  { id: "transactions-old", path: "transactions-old", layout: "default", middleware: MONEY, nav: "account" },
  { id: "information", path: "information", layout: "default", middleware: AGENT, nav: "account" },
  // Issue 29: what was done to the agency's account and requests (the audit log's rows about it).
  { id: "activity", path: "activity", layout: "default", middleware: AGENT, nav: "account" },
  { id: "visa-details", path: "visa/:id/details", layout: "default", middleware: AGENT, nav: "none", firstData: ["visa/one/:id"], record: "visa/one/:id" },
  { id: "visa-request", path: "visa/:id/request", layout: "default", middleware: AGENT, nav: "none", firstData: ["visa/one/:id", "agents/balance"], record: "visa/one/:id" },
  { id: "print", path: "print", layout: "blank", middleware: AGENT, nav: "none" },
  { id: "login", path: "login", layout: "blank", middleware: [], nav: "none" },
  // DESIGN §2: registration is open to visitors; the new agency stays disabled until an admin enables it.
  { id: "register", path: "register", layout: "blank", middleware: [], nav: "none" },
  // Our addition (brief D): a staff user's one-time invitation link; the token in the link is the credential.
  { id: "invite", path: "invite", layout: "blank", middleware: [], nav: "none" },
  // Issue 27: "forgot password" and the one-time reset link, open to visitors like the sign-in pages.
  { id: "forgot-password", path: "forgot-password", layout: "blank", middleware: [], nav: "none" },
  { id: "reset-password", path: "reset-password", layout: "blank", middleware: [], nav: "none" },

  { id: "admin", path: "admin", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-requests", path: "admin/requests", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-requests-list", path: "admin/requests-list", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-agents-list", path: "admin/agents-list", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-agent-groups", path: "admin/agent-groups", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-transactions", path: "admin/transactions", layout: "admin", middleware: ADMIN, nav: "admin" },
  // Issue 29: the append-only audit log of every office action.
  { id: "admin-audit-log", path: "admin/audit-log", layout: "admin", middleware: ADMIN, nav: "admin" },
  { id: "admin-visa-list", path: "admin/visa-list", layout: "admin", middleware: ADMIN, nav: "admin-catalogue" },
  { id: "admin-visa-requirements", path: "admin/visa-requirements", layout: "admin", middleware: ADMIN, nav: "admin-catalogue" },
  { id: "admin-countries", path: "admin/countries", layout: "admin", middleware: ADMIN, nav: "admin-catalogue" },
  { id: "admin-news", path: "admin/news", layout: "admin", middleware: ADMIN, nav: "admin-content" },
  { id: "admin-events", path: "admin/events", layout: "admin", middleware: ADMIN, nav: "admin-content" },
  { id: "admin-theme", path: "admin/theme", layout: "admin", middleware: ADMIN, nav: "admin-content" },
  { id: "admin-translation", path: "admin/translation", layout: "admin", middleware: ADMIN, nav: "admin-translation" },
  { id: "admin-translation-languages", path: "admin/translation/languages", layout: "admin", middleware: ADMIN, nav: "admin-translation" },
  { id: "admin-translation-requests", path: "admin/translation/requests", layout: "admin", middleware: ADMIN, nav: "admin-translation" },
  { id: "admin-agent", path: "admin/:id/agent", layout: "admin", middleware: ADMIN, nav: "none", record: "agents/one/:id" },
  // Our addition (issue 8): one visa request for the admin, linked from the queue and the list.
  { id: "admin-request", path: "admin/requests/:id", layout: "admin", middleware: ADMIN, nav: "none", record: "requests/one-by-admin/:id" },
  { id: "admin-login", path: "admin/login", layout: "blank", middleware: [], nav: "none" },
  // Issue 30: the agency's top-up requests (money: never its staff) and the office's queue of them.
  { id: "top-up", path: "top-up", layout: "default", middleware: MONEY, nav: "account" },
  { id: "admin-top-ups", path: "admin/top-ups", layout: "admin", middleware: ADMIN, nav: "admin" },
  // Issue 28: the agency's groups, one group (where its notices lead) and its print layout.
  { id: "groups", path: "groups", layout: "default", middleware: AGENT, nav: "account", firstData: ["request-groups?page=1&limit=20"] },
  { id: "group-details", path: "groups/:id", layout: "default", middleware: AGENT, nav: "none", firstData: ["request-groups/:id"], record: "request-groups/:id" },
  { id: "group-print", path: "groups/:id/print", layout: "blank", middleware: AGENT, nav: "none", record: "request-groups/:id" },
  // Issue 30: the agency's receipts (logo, footer per language, the net price or not): its owner's, never its staff's.
  { id: "branding", path: "branding", layout: "default", middleware: MONEY, nav: "account" },
] as const satisfies readonly RouteDef[]);

export type RouteId = (typeof ROUTES)[number]["id"];

export const SHELL_ID = "_";

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
  /** Path of the pre-rendered shell, e.g. /en/visa/_/details/ for /en/visa/abc/details. */
  shellPath: string;
}

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Matches a path after the locale ("visa/abc/details") to a route; static routes win over dynamic ones. */
export function matchRoute(rest: string): Omit<RouteMatch, "shellPath"> | null {
  const parts = rest.split("/").filter(Boolean);
  let dynamicHit: Omit<RouteMatch, "shellPath"> | null = null;
  for (const route of ROUTES as readonly RouteDef[]) {
    const pattern = route.path.split("/").filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    let dynamic = false;
    pattern.forEach((seg, i) => {
      const part = parts[i] ?? "";
      if (seg.startsWith(":")) {
        dynamic = true;
        if (SEGMENT.test(part)) params[seg.slice(1)] = part;
        else ok = false;
      } else if (seg !== part) ok = false;
    });
    if (!ok) continue;
    if (!dynamic) return { route, params };
    dynamicHit ??= { route, params };
  }
  return dynamicHit;
}

/** The URL path of a route in a locale, with its params filled in (trailing slash, as Astro emits it). */
export function routePath(locale: string, route: Pick<RouteDef, "path">, params: Record<string, string> = {}): string {
  const filled = route.path.replace(/:([a-z]+)/g, (_, name: string) => params[name] ?? SHELL_ID);
  return filled ? `/${locale}/${filled}/` : `/${locale}/`;
}

export function routeById(id: string): RouteDef {
  const route = (ROUTES as readonly RouteDef[]).find((r) => r.id === id);
  if (!route) throw new Error(`No route "${id}"`);
  return route;
}

export const isLoginRoute = (route: RouteDef) => route.id === "login" || route.id === "admin-login";
