/**
 * The record id in the address of a dynamic page (`/en/visa/{id}/details/`, …). Each such page is one
 * pre-rendered shell per locale (id "_"), so islands read the real id from the URL. A few lines instead of
 * @nanostores/router and the whole route table (about 1.6 KB gzip at start on every dynamic page, issue 9): the
 * patterns are the table's routes with an `:id` (tests/unit/route-id.test.ts keeps the two equal), matched as the
 * router did (case-insensitive, trailing slash ignored, the id URL-decoded).
 */
import { useEffect, useState } from "react";
import { routeIdOf } from "./route-id-of";

export { ID_ROUTE_PATHS, routeIdOf } from "./route-id-of";

/**
 * The id in the address, once mounted (null before: the pre-rendered shell has none, and reading it during
 * hydration would not match the HTML, React #418). Follows the address on back/forward (popstate).
 */
export function useRouteId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setId(routeIdOf(location.pathname));
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);
  return id;
}
