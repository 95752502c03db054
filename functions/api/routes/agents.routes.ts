/**
 * Admin management of agencies (agents/listAgents, listAllAgents, one, editByAdmin, update-group, our export), the
 * agency's own staff (our agents/staff, agency accounts only: staff users get 403) and our GET admin/dashboard.
 * agents/create (also by an admin) lives in accounts.routes.ts.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { agentHistoryQuery, agentListQuery, createStaffInput, dashboardQuery, editAgentByAdminInput, updateStaffInput } from "../../../src/contract/agents";
import { id } from "../../../src/contract/common";
import { config } from "../../config";
import { agentSpec, type AgentListRow } from "../../db/agents";
import { actorOf, agentHistory, createStaff, editAgentByAdmin, listAgents, listAllAgents, listStaff, oneAgent, updateAgentGroup, updateStaff } from "../../services/agents";
import { dashboard } from "../../services/dashboard";
import { setCredit } from "../../services/credit";
import { creditInput } from "../../../src/contract/credit";
import { translate } from "../../i18n";
import { exportList, type ExportColumn } from "../../services/exports";
import { principalOf, requireAdmin, requireAgent } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, parse, query } from "../validate";
import { exportContext, formatParam } from "./requests.routes";

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });

export const agentAdminRoutes = new Hono<AppEnv>();

agentAdminRoutes.get("/listAgents", requireAdmin, async (c) => c.json(await listAgents(deps(c), query(c, agentListQuery))));
agentAdminRoutes.get("/listAllAgents", requireAdmin, async (c) => c.json(await listAllAgents(deps(c))));
agentAdminRoutes.get("/one/:id", requireAdmin, async (c) => c.json(await oneAgent(deps(c), idParam(c))));
agentAdminRoutes.patch("/editByAdmin/:id", requireAdmin, async (c) => {
  const agentId = idParam(c);
  return c.json(await editAgentByAdmin(deps(c), agentId, await jsonBody(c, editAgentByAdminInput), principalOf(c)));
});
agentAdminRoutes.post("/update-group/:a/:b", requireAdmin, async (c) => {
  // a: the agency, b: the group it moves to.
  const { a, b } = parse(z.object({ a: id, b: id }), { a: c.req.param("a"), b: c.req.param("b") });
  return c.json(await updateAgentGroup(deps(c), a, b, principalOf(c)));
});
// Issue 30: the agency's credit line (limit, terms, freeze); takes effect on its next charge.
agentAdminRoutes.patch("/:id/credit", requireAdmin, async (c) => {
  const agentId = idParam(c);
  return c.json(await setCredit(c.env.DB, agentId, await jsonBody(c, creditInput), actorOf(principalOf(c))));
});
agentAdminRoutes.get("/history/:id", requireAdmin, async (c) => {
  const agentId = idParam(c);
  const { page, limit } = query(c, agentHistoryQuery);
  return c.json(await agentHistory(deps(c), agentId, page, limit));
});

agentAdminRoutes.get("/export/:format", requireAdmin, async (c) => {
  const format = formatParam(c);
  const ctx = exportContext(c, format);
  const { search, sort, order, page: _p, limit: _l, ...filters } = query(c, agentListQuery);
  const yes = translate(ctx.locale, "agents.enabled");
  const no = translate(ctx.locale, "agents.disabled");
  const columns: ExportColumn<AgentListRow>[] = [
    { header: "agents.columns.name", width: 22, value: (r) => r.name },
    { header: "agents.columns.email", width: 24, value: (r) => r.email },
    { header: "agents.columns.contactName", width: 18, value: (r) => r.contact_name },
    { header: "agents.columns.phone", width: 16, value: (r) => r.phone },
    { header: "agents.columns.city", width: 12, value: (r) => r.city ?? "" },
    { header: "agents.columns.group", width: 14, value: (r) => r.group_name ?? "" },
    { header: "agents.columns.status", width: 12, value: (r) => (r.enabled === 0 && r.approved_at === null ? translate(ctx.locale, "agents.pending") : r.enabled ? yes : no) },
    { header: "agents.columns.balance", width: 12, kind: "money", value: (r) => r.balance },
    { header: "agents.columns.createdAt", width: 15, kind: "date", value: (r) => r.created_at },
  ];
  return exportList<AgentListRow>(ctx.db, {
    format, locale: ctx.locale, title: "agents.export.title", fileBase: "agencies", currency: ctx.currency, timeZone: ctx.timeZone, columns,
    spec: agentSpec(filters), query: { search, sort, order },
  });
});

agentAdminRoutes.get("/staff", requireAgent, async (c) => c.json(await listStaff(deps(c), principalOf(c))));
agentAdminRoutes.post("/staff", requireAgent, async (c) => {
  const input = await jsonBody(c, createStaffInput);
  return c.json(await createStaff(deps(c), principalOf(c), input), 201);
});
agentAdminRoutes.patch("/staff/:id", requireAgent, async (c) => {
  const userId = idParam(c);
  return c.json(await updateStaff(deps(c), principalOf(c), userId, await jsonBody(c, updateStaffInput)));
});

export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get("/dashboard", requireAdmin, async (c) => {
  const q = query(c, dashboardQuery);
  const ctx = exportContext(c, "csv");
  return c.json(await dashboard(c.env.DB, config(c.env).currency, q.lang ?? ctx.locale, q.days));
});
