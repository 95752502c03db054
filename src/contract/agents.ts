/**
 * Admin management of agencies (agents/listAgents, one, editByAdmin, update-group, export), the agency's own staff
 * (our agents/staff calls) and the admin dashboard (our GET admin/dashboard). Messages are validation.* keys.
 */
import * as z from "zod/mini";
import type { AgentRecord, UserRecord } from "./auth";
import { email, flagText, id, listQuery, locale, newPassword, optionalText, phone, text, wholeNumberText } from "./common";

export const AGENT_SORTS = ["createdAt", "name", "balance", "email"] as const;

const flag = z.pipe(flagText("validation.invalid"), z.transform((v) => v === "true"));
const minor = wholeNumberText(0);

/** agents/listAgents and agents/export/{format}. `pending`: self-registrations no admin has approved yet. */
export const agentListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(AGENT_SORTS, { error: "validation.sort" })),
  groupId: z.optional(id),
  enabled: z.optional(flag),
  pending: z.optional(flag),
  /** Enabled agencies under their group's low-balance threshold (the dashboard's count links here). */
  lowBalance: z.optional(flag),
  balanceMin: z.optional(minor),
  balanceMax: z.optional(minor),
  /** Issue 30: agencies using their credit line (balance below zero), and those past their terms. */
  inDebt: z.optional(flag),
  pastTerms: z.optional(flag),
});
export type AgentListQuery = z.input<typeof agentListQuery>;

/** An agency as an admin sees it: its record plus whether it still waits for approval and its staff count. */
export interface AdminAgentRecord extends AgentRecord {
  pending: boolean;
  staffCount: number;
}

/** PATCH agents/editByAdmin/{id}: profile fields and enabled. Disabling ends every session of the agency and its staff. */
export const editAgentByAdminInput = z.strictObject({
  name: z.optional(text(2, 120)),
  contactName: z.optional(text(2, 120)),
  email: z.optional(email),
  phone: z.optional(phone),
  address: optionalText(300),
  city: optionalText(80),
  locale: z.optional(locale),
  enabled: z.optional(z.boolean({ error: "validation.invalid" })),
});
export type EditAgentByAdminInput = z.input<typeof editAgentByAdminInput>;

/** One line of an agency's history (our GET agents/history/{id}): what the office changed, by whom and when. */
export interface AgentHistoryEntry {
  _id: string;
  /** profile | enabled | disabled | group | reset-link | signed-out | password-reset */
  action: string;
  /** Profile fields (and the group's name) from what to what. */
  changes: { field: string; from: string | null; to: string | null }[];
  /** The staff user the action was about, when it was one of them (email). */
  subject: string | null;
  by: { kind: string; name: string };
  createdAt: string;
}

export const agentHistoryQuery = z.pick(listQuery, { page: true, limit: true });

/** POST agents/staff: a staff user with a password the agency sets. */
export const createStaffInput = z.strictObject({
  name: text(2, 120),
  email,
  phone: z.optional(phone),
  locale: z._default(locale, "en"),
  password: newPassword,
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

/** PATCH agents/staff/{id}: enable or disable, or set a new password (both end the user's sessions). */
export const updateStaffInput = z.strictObject({
  enabled: z.optional(z.boolean({ error: "validation.invalid" })),
  password: z.optional(newPassword),
  name: z.optional(text(2, 120)),
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
  /** Issue 30: the sum of agencies' debts (credit in use), how many owe, and how many are past their terms. */
  creditInUse?: number;
  agenciesOwing?: number;
  pastTerms?: number;
  perDay: { day: string; byStatus: Record<string, number> }[];
  revenuePerDay: { day: string; amount: number }[];
  topVisas: { _id: string; title: string; count: number }[];
}

export const dashboardQuery = z.object({
  days: z._default(wholeNumberText(7, 90), 30),
  lang: z.optional(locale),
});
