/** Every route module and the prefix it answers under /api. Who may call the catalogue: routes/access.ts. */
import type { Hono } from "hono";
import type { AppEnv } from "../context";
import { agentRoutes, userRoutes } from "./accounts.routes";
import { agentAdminRoutes, dashboardRoutes } from "./agents.routes";
import { authRoutes } from "./auth.routes";
import { invitationRoutes, staffInvitationRoutes } from "./invitations.routes";
import { officeResetRoutes, passwordResetRoutes } from "./password-resets.routes";
import { countryRoutes } from "./countries.routes";
import { fileRoutes } from "./files.routes";
import { groupPriceRoutes, groupRoutes } from "./groups.routes";
import { passportReaderRoutes } from "./passport-reader.routes";
import { themeRoutes } from "./theme.routes";
import { requestRoutes } from "./requests.routes";
import { adminGroupRoutes, requestGroupRoutes } from "./request-groups.routes";
import { transactionRoutes } from "./transactions.routes";
import { legalTranslationRoutes, translationLanguageRoutes, translationServiceRoutes } from "./translation.routes";
import { requirementRoutes } from "./visa-requirements.routes";
import { visaRoutes } from "./visa.routes";
import { eventRoutes } from "./events.routes";
import { adminAuditRoutes, agencyAuditRoutes } from "./audit.routes";
import { orderThreadRoutes, requestThreadRoutes } from "./threads.routes";
import { liveRoutes } from "./live.routes";
import { newsRoutes } from "./news.routes";
import { adminFcmRoutes, agentFcmRoutes, firebaseRoutes, testNotificationRoutes } from "./push.routes";
import { settingsRoutes, topUpRoutes } from "./top-ups.routes";
import { brandingRoutes, orderReceiptRoutes, requestReceiptRoutes } from "./receipts.routes";

export const accountRoutes: [string, Hono<AppEnv>][] = [
  // The audit log (issue 29): fixed names, mounted before the agents' and admins' other routes.
  ["/admin", adminAuditRoutes],
  ["/agents", agencyAuditRoutes],
  ["/auth", authRoutes],
  ["/auth", invitationRoutes],
  ["/auth", passwordResetRoutes],
  ["/agents", agentRoutes],
  ["/agents", agentAdminRoutes],
  ["/agents", staffInvitationRoutes],
  ["/agents", officeResetRoutes],
  ["/admin", dashboardRoutes],
  ["/Users", userRoutes],
];

/** The catalogue of issue 4, and the files it serves. */
export const catalogueRoutes: [string, Hono<AppEnv>][] = [
  ["/countries", countryRoutes],
  ["/visa-requirements", requirementRoutes],
  ["/visa", visaRoutes],
  ["/groups", groupRoutes],
  ["/group-price", groupPriceRoutes],
  ["/theme", themeRoutes],
  ["/files", fileRoutes],
];

/** Visa requests and the ledger (issue 8). */
export const requestsRoutes: [string, Hono<AppEnv>][] = [
  // Issue 29's threads first: requests/{id}/messages must not be taken for another request route.
  ["/requests", requestThreadRoutes],
  ["/legal-translation", orderThreadRoutes],
  ["/requests", requestRoutes],
  // Group filing (issue 28): travellers are ordinary requests; the office's group queue and bulk moves under /admin.
  ["/request-groups", requestGroupRoutes],
  ["/admin", adminGroupRoutes],
  ["/transactions", transactionRoutes],
  // Translation and legal translation (issue 12): orders use the same ledger, keys, recorder and files.
  ["/translation-service", translationServiceRoutes],
  ["/translation-language", translationLanguageRoutes],
  ["/legal-translation", legalTranslationRoutes],
];

/** The passport reader of issue 14 (agents and their staff). */
export const passportRoutes: [string, Hono<AppEnv>][] = [["/passport-reader", passportReaderRoutes]];
/** Issue 13: news, events and the live hub's WebSocket. */
export const liveFeedRoutes: [string, Hono<AppEnv>][] = [
  ["/news-feed", newsRoutes],
  ["/events", eventRoutes],
  ["/live", liveRoutes],
];

/** Issue 13, push through FCM. Mounted before the others: fixed names such as requests/send-test-notification go first. */
export const pushRoutes: [string, Hono<AppEnv>][] = [
  ["/firebase", firebaseRoutes],
  ["/agents", agentFcmRoutes],
  ["/admin", adminFcmRoutes],
  ["/requests", testNotificationRoutes],
];

/** Issue 30: top-up requests with the transfer slip, the payment instructions shown with them, receipts and branding. */
export const creditRoutes: [string, Hono<AppEnv>][] = [
  ["/top-up-requests", topUpRoutes],
  ["/settings", settingsRoutes],
  ["/requests", requestReceiptRoutes],
  ["/legal-translation", orderReceiptRoutes],
  ["/agents", brandingRoutes],
];
