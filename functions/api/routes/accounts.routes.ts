/** agents/* (own account and registration) and Users/* (staff's own account). Admin management of agents lives in the agents issue. */
import { Hono } from "hono";
import { registerAgentInput, updateAgentInput, updateUserInput } from "../../../src/contract/auth";
import { config } from "../../config";
import { agentById, agentRecord } from "../../db/accounts";
import { lowBalanceThresholdOf } from "../../db/agents";
import { remindOverdue } from "../../services/credit";
import { currentAgent, currentUser, registerAgent, updateOwnAgent, updateOwnUser } from "../../services/accounts";
import { optionalAuth, principalOf, requireAgency, requireAgent, requireKind } from "../auth";
import { clientIp, type AppContext, type AppEnv } from "../context";
import { notFound } from "../errors";
import { jsonBody } from "../validate";

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });

export const agentRoutes = new Hono<AppEnv>();

/** Public self-registration (starts disabled) or creation by an admin (enabled at once). */
agentRoutes.post("/create", optionalAuth, async (c) => {
  const input = await jsonBody(c, registerAgentInput);
  const byAdmin = c.get("principal")?.kind === "Admin";
  return c.json(await registerAgent(deps(c), input, byAdmin, clientIp(c)), 201);
});

agentRoutes.get("/currentAgentData", requireAgency, async (c) => c.json(await currentAgent(deps(c), principalOf(c))));

agentRoutes.get("/balance", requireAgent, async (c) => {
  const agent = await agentById(c.env.DB, principalOf(c).id);
  if (!agent) throw notFound("entity.agent");
  const lowBalanceThreshold = await lowBalanceThresholdOf(c.env.DB, agent.id);
  const currency = config(c.env).currency;
  // A debt past the office's terms is told once, when the agency next looks at its money (issue 30).
  await remindOverdue(c.env.DB, agent.id, currency);
  // With the balance, what the agency can spend and what it owes (issue 30): the record's own credit state.
  return c.json({ balance: agent.balance, currency, lowBalanceThreshold, credit: agentRecord(agent, { currency }).credit });
});

agentRoutes.patch("/", requireAgent, async (c) => {
  const input = await jsonBody(c, updateAgentInput);
  return c.json(await updateOwnAgent(deps(c), principalOf(c), input, clientIp(c)));
});

export const userRoutes = new Hono<AppEnv>();

userRoutes.get("/currentUserData", requireKind("User"), async (c) => c.json(await currentUser(deps(c), principalOf(c))));

userRoutes.patch("/", requireKind("User"), async (c) => {
  const input = await jsonBody(c, updateUserInput);
  return c.json(await updateOwnUser(deps(c), principalOf(c), input, clientIp(c)));
});
