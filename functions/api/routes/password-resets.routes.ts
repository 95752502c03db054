/**
 * Password resets (issue 27; our additions, same style). Open to visitors: auth/forgot-password (answers 202 whatever
 * the address), auth/password-reset/check and auth/password-reset (the 256-bit token is the credential). Admins only:
 * agents/password-resets/{agentId} (requests waiting for the office), agents/password-reset/{agentId} (a link to hand
 * over) and agents/sign-out/{agentId} (every session of the agency or one staff user ends).
 */
import { Hono } from "hono";
import {
  forgotPasswordInput, officeAccountInput, resetLookupInput, resetPasswordInput, type ForgotPasswordAnswer,
} from "../../../src/contract/password-resets";
import { config } from "../../config";
import { emailSender } from "../../hub/email-api";
import {
  issueResetLink, lookupReset, requestReset, resetPassword, signOutEverywhere, waitingResetRequests, type ResetDeps,
} from "../../services/password-resets";
import { principalOf, requireAdmin } from "../auth";
import { clientIp, type AppContext, type AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody } from "../validate";

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });
const resetDeps = (c: AppContext): ResetDeps => ({ ...deps(c), mailer: emailSender(c.env), origin: new URL(c.req.url).origin });

export const passwordResetRoutes = new Hono<AppEnv>();
passwordResetRoutes.post("/forgot-password", async (c) => {
  const { email } = await jsonBody(c, forgotPasswordInput);
  const deps = resetDeps(c);
  await requestReset(deps, email, clientIp(c));
  // The same answer for every address: it never tells whether an account exists, only how links travel on this site
  // (so the page can say "check your email" or "the office will give you a link").
  return c.json({ accepted: true, delivery: deps.mailer ? "email" : "office" } satisfies ForgotPasswordAnswer, 202);
});
passwordResetRoutes.post("/password-reset/check", async (c) => c.json(await lookupReset(c.env.DB, (await jsonBody(c, resetLookupInput)).token)));
passwordResetRoutes.post("/password-reset", async (c) => c.json(await resetPassword(deps(c), await jsonBody(c, resetPasswordInput))));

export const officeResetRoutes = new Hono<AppEnv>();
officeResetRoutes.get("/password-resets/:id", requireAdmin, async (c) => c.json(await waitingResetRequests(deps(c), idParam(c))));
officeResetRoutes.post("/password-reset/:id", requireAdmin, async (c) => {
  const agentId = idParam(c);
  const { userId } = await jsonBody(c, officeAccountInput);
  return c.json(await issueResetLink(deps(c), agentId, userId, principalOf(c)), 201);
});
officeResetRoutes.post("/sign-out/:id", requireAdmin, async (c) => {
  const agentId = idParam(c);
  const { userId } = await jsonBody(c, officeAccountInput);
  return c.json(await signOutEverywhere(deps(c), agentId, userId, principalOf(c)));
});
