/** visa/* (spec §7). Access: see routes/access.ts; what an agency sees and pays: services/visas.ts. */
import { Hono } from "hono";
import * as z from "zod/mini";
import { TRAVEL_MODES, hideFromGroupsInput, visaInput, visaListQuery, visaPatch } from "../../../src/contract/catalogue";
import { listQuery } from "../../../src/contract/common";
import { viewerOf } from "../../services/catalogue";
import { checkUpload } from "../../services/files";
import {
  addContentImage, createVisa, deleteVisa, featuredVisas, latestVisas, listVisas, oneVisa, searchAvailableVisas, setHiddenFromGroups,
  setMainImage, removeMainImage, updateVisa,
} from "../../services/visas";
import { principalOf, requireAdmin } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { catalogueDeps, idParam } from "../params";
import { jsonBody, parse, query } from "../validate";
import { requireReader } from "./access";

const viewer = (c: AppContext) => viewerOf(c.env.DB, principalOf(c));
const availableParams = z.object({
  country: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" })),
  mode: z.enum(TRAVEL_MODES, { error: "validation.invalid" }),
});

/** The uploaded image of a multipart body's "file" field, checked (400, 413, 415) before anything is stored. */
async function imageUpload(c: AppContext) {
  return checkUpload((await multipartBody(c)).get("file"), "file");
}

export const visaRoutes = new Hono<AppEnv>();

visaRoutes.post("/", requireAdmin, async (c) => c.json(await createVisa(catalogueDeps(c), await jsonBody(c, visaInput)), 201));

visaRoutes.get("/list", requireReader, async (c) => c.json(await listVisas(catalogueDeps(c), await viewer(c), query(c, visaListQuery))));
visaRoutes.get("/featured", requireReader, async (c) => c.json(await featuredVisas(catalogueDeps(c), await viewer(c), query(c, listQuery))));
visaRoutes.get("/latest", requireReader, async (c) => c.json(await latestVisas(catalogueDeps(c), await viewer(c), query(c, listQuery))));
visaRoutes.get("/searchAvailableVisa/:country/:mode", requireReader, async (c) => {
  const { country, mode } = parse(availableParams, c.req.param());
  return c.json(await searchAvailableVisas(catalogueDeps(c), await viewer(c), country, mode, query(c, listQuery)));
});
visaRoutes.get("/one/:id", requireReader, async (c) => c.json(await oneVisa(catalogueDeps(c), await viewer(c), idParam(c))));

visaRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateVisa(catalogueDeps(c), id, await jsonBody(c, visaPatch)));
});
visaRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteVisa(catalogueDeps(c), idParam(c))));

visaRoutes.post("/image/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await setMainImage(catalogueDeps(c), id, await imageUpload(c)));
});
visaRoutes.delete("/image/:id", requireAdmin, async (c) => c.json(await removeMainImage(catalogueDeps(c), idParam(c))));
visaRoutes.post("/uploadContentImage/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await addContentImage(catalogueDeps(c), id, await imageUpload(c)), 201);
});
visaRoutes.post("/set-hide-from-group/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await setHiddenFromGroups(catalogueDeps(c), id, (await jsonBody(c, hideFromGroupsInput)).groupIds));
});
