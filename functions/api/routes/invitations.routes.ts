/**
 * Staff invitation links (our additions, same style): the agency invites (agents/staff/invite, agents/staff/{id}/invite;
 * agency accounts only, staff get 403), the invitee opens the link (auth/invitation) and sets a password
 * (auth/accept-invitation), both open to visitors: the 256-bit token is the credential.
 */
import { Hono } from "hono";
import { acceptInvitationInput, invitationLookupInput, inviteStaffInput } from "../../../src/contract/invitations";
import { config } from "../../config";
import { acceptInvitation, inviteNewStaff, inviteStaff, lookupInvitation } from "../../services/invitations";
import { principalOf, requireAgent } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody } from "../validate";

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });

export const staffInvitationRoutes = new Hono<AppEnv>();
staffInvitationRoutes.post("/staff/invite", requireAgent, async (c) => {
  const input = await jsonBody(c, inviteStaffInput);
  return c.json(await inviteNewStaff(deps(c), principalOf(c), input), 201);
});
staffInvitationRoutes.post("/staff/:id/invite", requireAgent, async (c) => c.json(await inviteStaff(deps(c), principalOf(c), idParam(c)), 201));

export const invitationRoutes = new Hono<AppEnv>();
invitationRoutes.post("/invitation", async (c) => c.json(await lookupInvitation(c.env.DB, (await jsonBody(c, invitationLookupInput)).token)));
invitationRoutes.post("/accept-invitation", async (c) => c.json(await acceptInvitation(c.env.DB, await jsonBody(c, acceptInvitationInput))));
