/**
 * Admin management of agencies (agents/listAgents, one, editByAdmin, update-group, export), the agency's own staff
 * (our agents/staff calls) and the admin dashboard (our GET admin/dashboard). Messages are validation.* keys.
 */
import { z } from "zod";
import type { AgentRecord, UserRecord } from "./auth";
import { email, id, listQuery, locale, newPassword, optionalText, phone, text } from "./common";

export const AGENT_SORTS = ["createdAt", "name", "balance", "email"] as const;

const flag = z.enum(["true", "false"], { error: "validation.invalid" }).transform((v) => v === "true");
const minor = z.coerce.number({ error: "validation.integer" }).int({ error: "validation.integer" }).min(0, { error: "validation.min" });

/** agents/listAgents and agents/export/{format}. `pending`: self-registrations no admin has approved yet. */
export const agentListQuery = listQuery.extend({
  sort: z.enum(AGENT_SORTS, { error: "validation.sort" }).optional(),
  groupId: id.optional(),
  enabled: flag.optional(),
  pending: flag.optional(),
  /** Enabled agencies under their group's low-balance threshold (the dashboard's count links here). */
  lowBalance: flag.optional(),
  balanceMin: minor.optional(),
  balanceMax: minor.optional(),
});
export type AgentListQuery = z.input<typeof agentListQuery>;

/** An agency as an admin sees it: its record plus whether it still waits for approval and its staff count. */
export interface AdminAgentRecord extends AgentRecord {
  pending: boolean;
  staffCount: number;
}

/** PATCH agents/editByAdmin/{id}: profile fields and enabled. Disabling ends every session of the agency and its staff. */
export const editAgentByAdminInput = z.strictObject({
  name: text(2, 120).optional(),
  contactName: text(2, 120).optional(),
  email: email.optional(),
  phone: phone.optional(),
  address: optionalText(300),
  city: optionalText(80),
  locale: locale.optional(),
  enabled: z.boolean({ error: "validation.invalid" }).optional(),
});
export type EditAgentByAdminInput = z.input<typeof editAgentByAdminInput>;

/** POST agents/staff: a staff user with a password the agency sets. */
export const createStaffInput = z.strictObject({
  name: text(2, 120),
  email,
  phone: phone.optional(),
  locale: locale.default("en"),
  password: newPassword,
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

/** PATCH agents/staff/{id}: enable or disable, or set a new password (both end the user's sessions). */
export const updateStaffInput = z.strictObject({
  enabled: z.boolean({ error: "validation.invalid" }).optional(),
  password: newPassword.optional(),
  name: text(2, 120).optional(),
});
export type UpdateStaffInput = z.input<typeof updateStaffInput>;

export interface StaffListResponse {
  data: UserRecord[];
  total: number;
}

/** GET admin/dashboard. Money in minor units. Days are UTC dates (YYYY-MM-DD), oldest first. */
export interface Dashboard {
  currency: string;
  openByStatus: Record<string, number>;
  filedToday: number;
  revenueToday: number;
  revenueMonth: number;
  pendingApprovals: number;
  lowBalance: number;
  perDay: { day: string; byStatus: Record<string, number> }[];
  revenuePerDay: { day: string; amount: number }[];
  topVisas: { _id: string; title: string; count: number }[];
}

export const dashboardQuery = z.object({
  days: z.coerce.number({ error: "validation.integer" }).int({ error: "validation.integer" }).min(7, { error: "validation.min" }).max(90, { error: "validation.max" }).default(30),
  lang: locale.optional(),
});
