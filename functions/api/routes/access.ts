/**
 * Who may call the catalogue (issue 4):
 * - Admins: everything, and they alone write (POST, PATCH, DELETE, uploads, hiding, group prices).
 * - Agents and their staff (kinds Agent and User): read countries, visa requirements, visas and themes — visas through
 *   their group (own price, hidden visas invisible). Groups and group prices are admin-only, reads included: another
 *   group's negotiated prices and membership are not an agency's business, and every visa answer already carries the
 *   agency's own price.
 * - Anonymous visitors: only GET theme/all?active=true and theme images (GET /api/files/theme/…), so the login page can
 *   show the logo and colours. Everything else answers 401.
 */
import { requireKind } from "../auth";

/** Any signed-in session: agent, staff user or admin. */
export const requireReader = requireKind("Agent", "User", "Admin");
