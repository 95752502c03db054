/** The audit log (issue 29 item 2): admin/audit-log and its exports; agents/audit-log for an agency's own records. */
import { Hono } from "hono";
import { agencyAuditQuery, auditListQuery } from "../../../src/contract/audit";
import { exportAuditLog, listAgencyAudit, listAuditLog } from "../../services/audit-log";
import { principalOf, requireAdmin, requireAgency } from "../auth";
import type { AppEnv } from "../context";
import { config } from "../../config";
import { query } from "../validate";
import { exportContext, formatParam } from "./requests.routes";

export const adminAuditRoutes = new Hono<AppEnv>();
adminAuditRoutes.get("/audit-log", requireAdmin, async (c) => c.json(await listAuditLog(c.env.DB, config(c.env).currency, query(c, auditListQuery))));
adminAuditRoutes.get("/audit-log/export/:format", requireAdmin, async (c) => {
  const { format, locale } = exportContext(c, formatParam(c));
  return exportAuditLog(c.env.DB, format, locale, query(c, auditListQuery));
});

export const agencyAuditRoutes = new Hono<AppEnv>();
agencyAuditRoutes.get("/audit-log", requireAgency, async (c) => c.json(await listAgencyAudit(c.env.DB, principalOf(c), query(c, agencyAuditQuery))));
