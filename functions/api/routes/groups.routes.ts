/** groups/* and group-price/* (spec §7): admin-only, reads included (see routes/access.ts). */
import { Hono } from "hono";
import { groupInput, groupPatch, groupPriceInput, groupPricePatch } from "../../../src/contract/catalogue";
import { listQuery } from "../../../src/contract/common";
import {
  createGroup, createGroupPrice, deleteGroup, deleteGroupPrice, listGroups, oneGroup, pricesOfGroup, updateGroup, updateGroupPrice,
} from "../../services/groups";
import { config } from "../../config";
import { requireAdmin } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";

export const groupRoutes = new Hono<AppEnv>();
groupRoutes.use("*", requireAdmin);

/** A group's low-balance threshold is money: its record names the platform currency the admin form shows it in. */
const withCurrency = <G extends object>(c: AppContext, group: G) => ({ ...group, currency: config(c.env).currency });

groupRoutes.post("/", async (c) => c.json(withCurrency(c, await createGroup(c.env.DB, await jsonBody(c, groupInput))), 201));
groupRoutes.get("/", async (c) => {
  const page = await listGroups(c.env.DB, query(c, listQuery));
  return c.json({ ...page, data: page.data.map((g) => withCurrency(c, g)) });
});
groupRoutes.get("/:id", async (c) => c.json(withCurrency(c, await oneGroup(c.env.DB, idParam(c)))));
groupRoutes.patch("/:id", async (c) => {
  const id = idParam(c);
  return c.json(withCurrency(c, await updateGroup(c.env.DB, id, await jsonBody(c, groupPatch))));
});
groupRoutes.delete("/:id", async (c) => c.json(await deleteGroup(c.env.DB, idParam(c))));

export const groupPriceRoutes = new Hono<AppEnv>();
groupPriceRoutes.use("*", requireAdmin);

groupPriceRoutes.post("/", async (c) => c.json(await createGroupPrice(c.env.DB, await jsonBody(c, groupPriceInput)), 201));
/** GET group-price/{id}: {id} is a GROUP id; answers { data: GroupPrice[], total } of that group. */
groupPriceRoutes.get("/:id", async (c) => c.json(await pricesOfGroup(c.env.DB, idParam(c))));
/** PATCH and DELETE group-price/{id}: {id} is the price's own id. */
groupPriceRoutes.patch("/:id", async (c) => {
  const id = idParam(c);
  return c.json(await updateGroupPrice(c.env.DB, id, (await jsonBody(c, groupPricePatch)).price));
});
groupPriceRoutes.delete("/:id", async (c) => c.json(await deleteGroupPrice(c.env.DB, idParam(c))));
