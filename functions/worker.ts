/**
 * The whole server (DESIGN §1): the edge in front of the pre-rendered pages and the JSON API under /api.
 * Every response leaves through withSecurityHeaders; any failure becomes the 500 page.
 */
import { api, type ApiEnv } from "./api/app";
import { withSecurityHeaders } from "./edge/headers";
import { errorPage, handlePage, type PageEnv } from "./edge/pages";
import { parseCookies } from "./edge/cookies";
import { preferredLocale, splitLocale } from "./edge/locale";

export interface Env extends ApiEnv, PageEnv {
  API_ORIGIN?: string;
  FIREBASE_CONFIG?: string;
}

let scriptHashes: Promise<string[]> | null = null;

/** The inline-script hashes the build recorded (scripts/build.mjs), read once per isolate. */
function loadScriptHashes(env: Env, url: URL): Promise<string[]> {
  scriptHashes ??= env.ASSETS.fetch(new Request(new URL("/builds/csp.json", url)))
    .then((r) => (r.ok ? (r.json() as Promise<{ scriptHashes: string[] }>) : { scriptHashes: [] }))
    .then((data) => data.scriptHashes)
    .catch(() => {
      scriptHashes = null;
      return [];
    });
  return scriptHashes;
}

export async function handle(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return api.fetch(request, env);
  return handlePage(request, env);
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    let response: Response;
    try {
      response = await handle(request, env);
    } catch (error) {
      console.error(error instanceof Error ? error.stack : error);
      const cookies = parseCookies(request.headers.get("Cookie"));
      const locale = splitLocale(url.pathname)?.locale ?? preferredLocale(cookies, request.headers.get("Accept-Language"));
      response = await errorPage(env, request, 500, locale).catch(() => new Response("Internal Server Error", { status: 500 }));
    }
    return withSecurityHeaders(response, { scriptHashes: await loadScriptHashes(env, url), firebase: Boolean(env.FIREBASE_CONFIG) });
  },
} satisfies ExportedHandler<Env>;
