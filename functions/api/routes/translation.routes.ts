/**
 * translation-service/*, translation-language/* and legal-translation/* (spec §7, issue 12). Who may call what:
 * - admins: manage services and languages (plus our GET translation-language/{id} and DELETE of both, for the admin
 *   kit), every order, update-by-admin (translated documents, moves), change-request-state;
 * - agencies (Agent and its staff Users): read enabled services (by-agent, one-by-agent) and languages, order, list,
 *   export and read their own orders, send documents and corrections (request/{id}), cancel where set A allows.
 *   Staff see no money.
 */
import { Hono } from "hono";
import {
  orderAdminUpdateInput, orderDocumentsInput, orderInput, orderListQuery, orderStateInput, translationLanguageInput, translationLanguageListQuery,
  translationLanguagePatch, translationServiceInput, translationServiceListQuery, translationServicePatch,
} from "../../../src/contract/translation";
import { config } from "../../config";
import {
  createLanguage, createService, deleteLanguage, deleteService, listLanguages, listServices, oneLanguage, oneService, updateLanguage, updateService,
} from "../../services/translation-catalogue";
import { exportOrders } from "../../services/translation-exports";
import { changeOrderState, listOrders, oneOrder, placeOrder, sendOrderDocuments, updateOrderByAdmin, type OrderDeps } from "../../services/translation-orders";
import { principalOf, requireAdmin, requireAgency, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { requireReader } from "./access";
import { dataPart, exportContext, filesOf, formatParam } from "./requests.routes";

/** Files per multipart call (each at most 10 MB). */
const MAX_FILES = 5;

const orderDeps = (c: AppContext): OrderDeps => ({ db: c.env.DB, files: c.env.FILES, currency: config(c.env).currency });
const currency = (c: AppContext) => config(c.env).currency;

// ── translation-service ──────────────────────────────────────────────────────────────────────────
export const translationServiceRoutes = new Hono<AppEnv>();

translationServiceRoutes.post("/", requireAdmin, async (c) =>
  c.json(await createService(c.env.DB, principalOf(c), currency(c), await jsonBody(c, translationServiceInput)), 201),
);
translationServiceRoutes.get("/", requireAdmin, async (c) =>
  c.json(await listServices(c.env.DB, principalOf(c), currency(c), query(c, translationServiceListQuery))),
);
translationServiceRoutes.get("/by-agent", requireAgency, async (c) =>
  c.json(await listServices(c.env.DB, principalOf(c), currency(c), query(c, translationServiceListQuery))),
);
translationServiceRoutes.get("/one-by-agent/:id", requireAgency, async (c) => c.json(await oneService(c.env.DB, principalOf(c), currency(c), idParam(c))));
translationServiceRoutes.get("/:id", requireAdmin, async (c) => c.json(await oneService(c.env.DB, principalOf(c), currency(c), idParam(c))));
translationServiceRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateService(c.env.DB, principalOf(c), currency(c), id, await jsonBody(c, translationServicePatch)));
});
translationServiceRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteService(c.env.DB, idParam(c))));

// ── translation-language ─────────────────────────────────────────────────────────────────────────
export const translationLanguageRoutes = new Hono<AppEnv>();

translationLanguageRoutes.post("/", requireAdmin, async (c) => c.json(await createLanguage(c.env.DB, principalOf(c), await jsonBody(c, translationLanguageInput)), 201));
/** Admins get every language; agencies the enabled ones (the order form's choices). */
translationLanguageRoutes.get("/", requireReader, async (c) => c.json(await listLanguages(c.env.DB, principalOf(c), query(c, translationLanguageListQuery))));
translationLanguageRoutes.get("/:id", requireReader, async (c) => c.json(await oneLanguage(c.env.DB, principalOf(c), idParam(c))));
translationLanguageRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateLanguage(c.env.DB, principalOf(c), id, await jsonBody(c, translationLanguagePatch)));
});
translationLanguageRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteLanguage(c.env.DB, idParam(c))));

// ── legal-translation (orders) ───────────────────────────────────────────────────────────────────
export const legalTranslationRoutes = new Hono<AppEnv>();

legalTranslationRoutes.post("/", requireAgency, async (c) => {
  const input = await jsonBody(c, orderInput);
  const result = await placeOrder(orderDeps(c), principalOf(c), input, c.req.header("Idempotency-Key"));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.value, 201);
});

legalTranslationRoutes.get("/by-admin", requireAdmin, async (c) => c.json(await listOrders(orderDeps(c), principalOf(c), query(c, orderListQuery))));
legalTranslationRoutes.get("/by-agent", requireAgency, async (c) => c.json(await listOrders(orderDeps(c), principalOf(c), query(c, orderListQuery))));

legalTranslationRoutes.get("/export-by-admin/:format", requireAdmin, async (c) => {
  const format = formatParam(c);
  return exportOrders(exportContext(c, format), principalOf(c), query(c, orderListQuery));
});
legalTranslationRoutes.get("/export-by-agent/:format", requireAgency, async (c) => {
  const format = formatParam(c);
  return exportOrders(exportContext(c, format), principalOf(c), query(c, orderListQuery));
});

legalTranslationRoutes.get("/by-admin/:id", requireAdmin, async (c) => c.json(await oneOrder(orderDeps(c), principalOf(c), idParam(c))));
legalTranslationRoutes.get("/by-agent/:id", requireAgency, async (c) => c.json(await oneOrder(orderDeps(c), principalOf(c), idParam(c))));

/** The agency's documents, or its correction while one is asked for (multipart: "file" parts, optional "data" {note}). */
legalTranslationRoutes.post("/request/:id", requireAgency, async (c) => {
  const id = idParam(c);
  const form = await multipartBody(c, MAX_FILES);
  const data = dataPart(form, orderDocumentsInput);
  return c.json(await sendOrderDocuments(orderDeps(c), principalOf(c), id, await filesOf(form, false), data.note ?? null));
});

/** JSON, or multipart with a "data" part (this JSON) and "file" parts: the translated documents. */
legalTranslationRoutes.patch("/update-by-admin/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  if (/^multipart\//i.test(c.req.header("Content-Type") ?? "")) {
    const form = await multipartBody(c, MAX_FILES);
    const input = dataPart(form, orderAdminUpdateInput);
    return c.json(await updateOrderByAdmin(orderDeps(c), principalOf(c), id, input, await filesOf(form, false)));
  }
  return c.json(await updateOrderByAdmin(orderDeps(c), principalOf(c), id, await jsonBody(c, orderAdminUpdateInput), []));
});

legalTranslationRoutes.post("/change-request-state/:id", requireKind("Admin", "Agent", "User"), async (c) => {
  const id = idParam(c);
  return c.json(await changeOrderState(orderDeps(c), principalOf(c), id, await jsonBody(c, orderStateInput)));
});
