/** countries/* (spec §7). Access: see routes/index.ts. */
import { Hono } from "hono";
import { countryInput, countryListQuery, countryPatch } from "../../../src/contract/catalogue";
import { viewerOf } from "../../services/catalogue";
import { allCountries, createCountry, deleteCountry, listCountries, oneCountry, updateCountry } from "../../services/countries";
import { principalOf, requireAdmin } from "../auth";
import type { AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { requireReader } from "./access";

export const countryRoutes = new Hono<AppEnv>();

countryRoutes.post("/", requireAdmin, async (c) => c.json(await createCountry(c.env.DB, await jsonBody(c, countryInput)), 201));

countryRoutes.get("/list", requireReader, async (c) =>
  c.json(await listCountries(c.env.DB, await viewerOf(c.env.DB, principalOf(c)), query(c, countryListQuery))),
);

countryRoutes.get("/complete-list", requireReader, async (c) => c.json(await allCountries(c.env.DB, await viewerOf(c.env.DB, principalOf(c)))));

countryRoutes.get("/one/:id", requireReader, async (c) =>
  c.json(await oneCountry(c.env.DB, await viewerOf(c.env.DB, principalOf(c)), idParam(c))),
);

countryRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateCountry(c.env.DB, id, await jsonBody(c, countryPatch)));
});

countryRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteCountry(c.env.DB, idParam(c))));
