/**
 * passport-reader/* (spec §7, issue 14). Who: the agency's people — agents and their staff users, who file requests.
 * Admins get 403: they process requests but never file them, so they have no request being filed to read into.
 */
import { Hono } from "hono";
import { passportOcrInput } from "../../../src/contract/passport";
import { readPassportLines } from "../../services/passport";
import { requireAgency } from "../auth";
import type { AppEnv } from "../context";
import { jsonBody } from "../validate";

export const passportReaderRoutes = new Hono<AppEnv>();

passportReaderRoutes.post("/ocr", requireAgency, async (c) => c.json(readPassportLines(await jsonBody(c, passportOcrInput))));
