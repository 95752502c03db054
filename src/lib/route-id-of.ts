/**
 * The record id in a dynamic page's address, without React: what a page's plain script needs (issue 26: the request
 * page's script follows the live hub for its record without bringing React to the page). See route-id.ts.
 */
/** The paths of src/shared/routes.ts that carry an id, in the table's order. */
export const ID_ROUTE_PATHS = ["requests/:id", "visa/:id/details", "visa/:id/request", "admin/:id/agent", "admin/requests/:id", "groups/:id", "groups/:id/print"] as const;

const PATTERNS = ID_ROUTE_PATHS.map((path) => new RegExp(`^/[^/]+/${path.replace(":id", "([^/]+)")}/?$`, "i"));

/** The id in `pathname`, or null on a page without one. */
export function routeIdOf(pathname: string): string | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(pathname);
    if (match) {
      try {
        return decodeURIComponent(match[1]!);
      } catch {
        return match[1]!;
      }
    }
  }
  return null;
}
