/**
 * news-feed/* (spec §7, issue 13). Writing and the admin list are admin-only; GET news-feed and news-feed/{id} are for
 * any signed-in session and show enabled items only (admins see any item by id). GET news-feed also says, per item,
 * whether the reader read it, and filters by it (`read`); POST news-feed/mark-read keeps the marks (issue 27).
 */
import { Hono } from "hono";
import { markNewsInput, newsFeedQuery, newsInput, newsListQuery, newsPatch } from "../../../src/contract/news";
import { liveDelivery } from "../../hub/live-hub";
import { createNews, deleteNews, listNews, markNews, oneNews, updateNewsItem, type NewsDeps } from "../../services/news";
import { principalOf, requireAdmin } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { requireReader } from "./access";

export const newsRoutes = new Hono<AppEnv>();

const deps = (c: AppContext): NewsDeps => ({ db: c.env.DB, hub: liveDelivery(c.env) });

newsRoutes.post("/", requireAdmin, async (c) => c.json(await createNews(deps(c), principalOf(c).id, await jsonBody(c, newsInput)), 201));

newsRoutes.get("/", requireReader, async (c) => {
  const { read, ...list } = query(c, newsFeedQuery);
  const reader = principalOf(c);
  return c.json(await listNews(c.env.DB, false, list, { kind: reader.kind, id: reader.id, ...(read !== undefined && { read: read === "true" }) }));
});

// Before "/:id" (a POST there is not a call, but the name stays clear of ids).
newsRoutes.post("/mark-read", requireReader, async (c) => {
  const { ids, read } = await jsonBody(c, markNewsInput);
  const reader = principalOf(c);
  return c.json(await markNews(c.env.DB, { kind: reader.kind, id: reader.id }, ids, read));
});

newsRoutes.get("/all-by-admin", requireAdmin, async (c) => c.json(await listNews(c.env.DB, true, query(c, newsListQuery))));

newsRoutes.get("/:id", requireReader, async (c) => c.json(await oneNews(c.env.DB, principalOf(c).kind === "Admin", idParam(c))));

newsRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateNewsItem(deps(c), principalOf(c).id, id, await jsonBody(c, newsPatch)));
});

newsRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteNews(deps(c), idParam(c))));
