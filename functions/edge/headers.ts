/** Security headers of DESIGN §11, on every response: pages, assets, API answers and errors alike. */

const FIREBASE_HOSTS = [
  "https://fcmregistrations.googleapis.com",
  "https://firebaseinstallations.googleapis.com",
  "https://fcm.googleapis.com",
  "https://www.googleapis.com",
];

export interface HeaderOptions {
  /** 'sha256-…' sources of the inline scripts Astro emits (hydration runtime), from /builds/csp.json. */
  scriptHashes: readonly string[];
  firebase: boolean;
}

/** The build's inline-script hashes (scripts/build.mjs → /builds/csp.json): all of them, and each page shell's own. */
interface KnownHashes {
  all: readonly string[];
  pages: Readonly<Record<string, readonly string[]>>;
}

/**
 * The hashes last read, as a VALUE, never a promise: a pending read belongs to the request that started it (workerd
 * ties its I/O, the body stream of csp.json, to that request; another request awaiting it was wrangler dev's "Cannot
 * perform I/O on behalf of a different request (ReadableStreamSource)", and a cancelled first request left it pending).
 */
let knownHashes: KnownHashes | null = null;

/**
 * A page response names its shell (the pre-rendered file it was drawn from, e.g. "/ar/visa/") in this header, for the
 * policy to allow only that shell's inline scripts; withSecurityHeaders takes it off before the response leaves.
 */
export const SHELL_HEADER = "X-Page-Shell";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((hash): hash is string => typeof hash === "string") : []);

/**
 * The inline-script hashes the build recorded: the page shell's own when `shell` names one the build knows, every
 * hash otherwise (a response that is not a page; a build before per-page hashes). Each request reads them itself until
 * one read succeeds; then the isolate keeps them (they change only with a deployment, which starts new isolates). A
 * failed or missing read is not kept: this response goes without them, the next one asks again.
 */
export async function loadScriptHashes(assets: Fetcher, url: URL, shell?: string | null): Promise<readonly string[]> {
  const known = knownHashes ?? (await readHashes(assets, url));
  if (!known) return [];
  return (shell && Object.hasOwn(known.pages, shell) ? known.pages[shell] : undefined) ?? known.all;
}

async function readHashes(assets: Fetcher, url: URL): Promise<KnownHashes | null> {
  try {
    const response = await assets.fetch(new Request(new URL("/builds/csp.json", url)));
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const data = (await response.json()) as { scriptHashes?: unknown; pages?: unknown };
    if (!Array.isArray(data.scriptHashes)) return null;
    const pages: Record<string, string[]> = {};
    if (data.pages && typeof data.pages === "object") {
      for (const [shell, hashes] of Object.entries(data.pages)) pages[shell] = strings(hashes);
    }
    return (knownHashes = { all: strings(data.scriptHashes), pages });
  } catch {
    return null;
  }
}

/** Tests: start again as a fresh isolate would. */
export function forgetScriptHashes(): void {
  knownHashes = null;
}

export function contentSecurityPolicy({ scriptHashes, firebase }: HeaderOptions): string {
  const connect = ["'self'", ...(firebase ? FIREBASE_HOSTS : [])];
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets WebAssembly compile (the passport reader's OCR core, issue 14) without allowing eval().
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(" ")}`.trim(),
    // Inline style attributes (React style props, drag offsets) are needed; no remote styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of a stylesheet, font or raster picture: such a file runs nothing and holds no links, so the page policy's
 * script hashes and sources say nothing there, while its ~560 bytes rode on every stylesheet. The stylesheet that holds
 * up every first paint then took a second round trip of a new connection (14.6 kB with its headers, more than a new
 * connection's first window): issue 32. Not for scripts (a worker's script brings its worker's policy) nor SVG (a
 * document when opened on its own).
 */
export const SUBRESOURCE_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const SUBRESOURCE_TYPE = /^(text\/css|font\/|image\/(?!svg))/i;

export function withSecurityHeaders(response: Response, options: HeaderOptions): Response {
  // Responses from fetch() and the assets binding have immutable headers: copy once.
  const out = new Response(response.body, response);
  const h = out.headers;
  h.delete(SHELL_HEADER);
  // A user's file brings its own, stricter policy (services/files.ts: sandboxed pictures, PDFs that may open only in
  // the viewer); the page policy would allow our scripts in it.
  if (!h.has("Content-Security-Policy")) {
    const subresource = SUBRESOURCE_TYPE.test(h.get("Content-Type") ?? "");
    h.set("Content-Security-Policy", subresource ? SUBRESOURCE_CSP : contentSecurityPolicy(options));
  }
  h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // Camera for the passport reader, on our own origin only; everything else off.
  h.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(), usb=()");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  return out;
}
