/** DESIGN §11: a state-changing call from a browser must come from our own origin. */
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function isForeignOrigin(request: Request): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}
