/** Path parameters and the catalogue's dependencies, shared by the catalogue route modules. */
import * as z from "zod/mini";
import { id } from "../../src/contract/common";
import { config } from "../config";
import type { CatalogueDeps } from "../services/catalogue";
import type { AppContext } from "./context";
import { parse } from "./validate";

/** A path id, checked like any input: a malformed one is a 400 naming the parameter. */
export const idParam = (c: AppContext, name = "id"): string => parse(z.object({ [name]: id }), { [name]: c.req.param(name) })[name] as string;

export const catalogueDeps = (c: AppContext): CatalogueDeps => ({ db: c.env.DB, files: c.env.FILES, currency: config(c.env).currency });
