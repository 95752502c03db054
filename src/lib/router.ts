/** The current page as a store (@nanostores/router), from the same route table the edge uses. */
import { createRouter } from "@nanostores/router";
import { ROUTES } from "../shared/routes";

const patterns = Object.fromEntries(ROUTES.map((r) => [r.id, r.path ? `/:lang/${r.path}` : "/:lang"]));

export const $router = createRouter(patterns as Record<(typeof ROUTES)[number]["id"], string>, { links: false });
