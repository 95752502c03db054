/** visa-requirements/* (spec §7). Access: see routes/access.ts. */
import { Hono } from "hono";
import * as z from "zod/mini";
import { REQUIREMENT_KINDS, requirementInput, requirementPatch } from "../../../src/contract/catalogue";
import { listQuery } from "../../../src/contract/common";
import {
  allRequirements, createRequirement, deleteRequirement, listRequirements, oneRequirement, updateRequirement,
} from "../../services/requirements";
import { requireAdmin } from "../auth";
import type { AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { requireReader } from "./access";

const requirementListQuery = z.extend(listQuery, { kind: z.optional(z.enum(REQUIREMENT_KINDS, { error: "validation.invalid" })) });

export const requirementRoutes = new Hono<AppEnv>();

requirementRoutes.post("/", requireAdmin, async (c) => c.json(await createRequirement(c.env.DB, await jsonBody(c, requirementInput)), 201));
requirementRoutes.get("/list", requireReader, async (c) => c.json(await listRequirements(c.env.DB, query(c, requirementListQuery))));
requirementRoutes.get("/complete-list", requireReader, async (c) => c.json(await allRequirements(c.env.DB)));
requirementRoutes.get("/one/:id", requireReader, async (c) => c.json(await oneRequirement(c.env.DB, idParam(c))));
requirementRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await updateRequirement(c.env.DB, id, await jsonBody(c, requirementPatch)));
});
requirementRoutes.delete("/:id", requireAdmin, async (c) => c.json(await deleteRequirement(c.env.DB, idParam(c))));
