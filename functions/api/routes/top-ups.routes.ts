/**
 * Top-up requests and the payment instructions shown with them (issue 30 item 2). The agency's owner asks (multipart:
 * a "data" part with the fields, a "slip" part with the photo or PDF, same checks as every upload) under an
 * Idempotency-Key; the office decides. Staff users never see or move money: 403.
 */
import { Hono } from "hono";
import { paymentInstructionsInput, topUpDecisionInput, topUpListQuery, topUpRequestInput } from "../../../src/contract/credit";
import { config } from "../../config";
import { displayName, checkDocument, personOf } from "../../services/requests";
import { decideTopUp, listTopUps, paymentInstructions, requestTopUp, setPaymentInstructions, type TopUpDeps } from "../../services/top-ups";
import { principalOf, requireAdmin, requireAgency, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { dataPart } from "./requests.routes";

const deps = (c: AppContext): TopUpDeps => ({ db: c.env.DB, files: c.env.FILES, currency: config(c.env).currency });

export const topUpRoutes = new Hono<AppEnv>();

topUpRoutes.post("/", requireKind("Agent"), async (c) => {
  const form = await multipartBody(c, 1);
  const input = dataPart(form, topUpRequestInput);
  const part = form.get("slip");
  const slip = await checkDocument(part, "slip");
  const result = await requestTopUp(deps(c), principalOf(c), input, { ...slip, name: displayName(part, `slip.${slip.type.split("/")[1]}`) }, c.req.header("Idempotency-Key"));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.value, 201);
});

topUpRoutes.get("/", requireKind("Agent", "Admin"), async (c) => c.json(await listTopUps(deps(c), principalOf(c), query(c, topUpListQuery))));

topUpRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  return c.json(await decideTopUp(deps(c), id, await jsonBody(c, topUpDecisionInput), personOf(principalOf(c))));
});

export const settingsRoutes = new Hono<AppEnv>();

// The agency reads them on its top-up form (staff too: no money in them); the office writes them.
settingsRoutes.get("/payment-instructions", requireKind("Agent", "User", "Admin"), async (c) => c.json(await paymentInstructions(c.env.DB)));
settingsRoutes.patch("/payment-instructions", requireAdmin, async (c) => c.json(await setPaymentInstructions(c.env.DB, await jsonBody(c, paymentInstructionsInput))));
