/** The islands behind the home page's edge-drawn views (src/lib/edge-views.ts), by view name. Loaded only when needed. */
import type { Island } from "../../lib/edge-views";

export const HOME_ISLANDS = {
  "home-balance": () => import("./HomeBalance"),
  "home-visas": () => import("./HomeVisas"),
  "home-news": () => import("../live/HomeNews"),
  "home-events": () => import("../live/HomeEvents"),
} satisfies Record<string, Island>;
