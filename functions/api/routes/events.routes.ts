/**
 * events/* (spec §7, issue 13). Every signed-in session reads and marks its own events (an agency's owner and staff
 * each have their own seen marks; staff never see money events); POST (a message of the admin's own) and DELETE are
 * admin-only. Texts come in the reader's saved language.
 */
import { Hono } from "hono";
import { eventInput, eventListQuery, eventPatch, toggleManyQuery } from "../../../src/contract/events";
import { liveDelivery } from "../../hub/live-hub";
import { parseCookies } from "../../http/cookies";
import { preferredLocale } from "../../http/locale";
import { LOCALE_COOKIE } from "../../../src/shared/locales";
import {
  createEvent, deleteEvent, listEvents, oneEvent, readerLocale, setSeen, toggleSeen, toggleSeenMany,
} from "../../services/events";
import { principalOf, requireAdmin } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { requireReader } from "./access";

export const eventRoutes = new Hono<AppEnv>();

/** The reader and the language their events are written in (services/events.ts readerLocale). */
async function reader(c: AppContext) {
  const principal = principalOf(c);
  const cookies = parseCookies(c.req.header("Cookie") ?? null);
  const browserLocale = preferredLocale({}, c.req.header("Accept-Language") ?? null);
  return { reader: principal, locale: await readerLocale(c.env.DB, principal, cookies[LOCALE_COOKIE], browserLocale) };
}

eventRoutes.post("/", requireAdmin, async (c) => {
  const input = await jsonBody(c, eventInput);
  const { reader: admin, locale } = await reader(c);
  return c.json(await createEvent(c.env.DB, liveDelivery(c.env), admin, locale, input), 201);
});

eventRoutes.get("/all", requireReader, async (c) => {
  const filters = query(c, eventListQuery);
  const { reader: who, locale } = await reader(c);
  return c.json(await listEvents(c.env.DB, who, locale, filters));
});

// Before "/:id", so these names are never read as ids.
eventRoutes.patch("/toggle-seen-many", requireReader, async (c) => {
  const { ids, seen } = query(c, toggleManyQuery);
  return c.json(await toggleSeenMany(c.env.DB, principalOf(c), ids, seen === undefined ? undefined : seen === "true"));
});

eventRoutes.patch("/toggle-seen/:id", requireReader, async (c) => {
  const id = idParam(c);
  const { reader: who, locale } = await reader(c);
  return c.json(await toggleSeen(c.env.DB, who, locale, id));
});

eventRoutes.get("/:id", requireReader, async (c) => {
  const id = idParam(c);
  const { reader: who, locale } = await reader(c);
  return c.json(await oneEvent(c.env.DB, who, locale, id));
});

eventRoutes.patch("/:id", requireReader, async (c) => {
  const id = idParam(c);
  const { seen } = await jsonBody(c, eventPatch);
  const { reader: who, locale } = await reader(c);
  return c.json(await setSeen(c.env.DB, who, locale, id, seen));
});

eventRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteEvent(c.env.DB, idParam(c))));
