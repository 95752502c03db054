/** Sign-in, registration and own-account calls (DESIGN §3, issue "sign-in"): inputs and the records they answer. */
import * as z from "zod/mini";
import { checked, email, id, locale, newPassword, optionalText, phone, text } from "./common";
import type { CreditState } from "./credit";

export const SESSION_KINDS = ["Agent", "Admin", "User"] as const;
export type SessionKindName = (typeof SESSION_KINDS)[number];

/** POST auth/loginAgent, auth/loginAdmin. The password is not checked for strength here: old passwords still sign in. */
export const loginInput = z.strictObject({
  email,
  password: checked(z.string({ error: "validation.required" }), z.minLength(1, { error: "validation.required" }), z.maxLength(256, { error: "validation.tooLong" })),
});
export type LoginInput = z.infer<typeof loginInput>;

/** POST auth/refresh{Agent,User,Admin}Token. In the browser the edge fills the token from the HttpOnly cookie. */
export const refreshInput = z.object({
  refreshToken: checked(z.string({ error: "validation.required" }), z.minLength(1, { error: "validation.required" }), z.maxLength(512, { error: "validation.tooLong" })),
});

/** POST agents/create: an agency applies (public) or an admin creates one (enabled at once, group chosen). */
export const registerAgentInput = z.strictObject({
  name: text(2, 120),
  contactName: text(2, 120),
  email,
  phone,
  password: newPassword,
  address: optionalText(300),
  city: optionalText(80),
  locale: z._default(locale, "en"),
  /** Only honoured when an admin creates the agency. */
  groupId: z.optional(id),
});
export type RegisterAgentInput = z.input<typeof registerAgentInput>;

const passwordChange = {
  currentPassword: z.optional(checked(z.string(), z.maxLength(256, { error: "validation.tooLong" }))),
  newPassword: z.optional(newPassword),
};

/** A new password needs the current one (checked again by the server against the stored hash). */
const needsCurrentPassword = z.superRefine((value: { currentPassword?: string; newPassword?: string }, ctx) => {
  if (value.newPassword && !value.currentPassword) {
    ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "validation.currentPasswordRequired" });
  }
});

/** PATCH agents: the agency's own profile, and its password. */
export const updateAgentInput = checked(z.strictObject({
  name: z.optional(text(2, 120)),
  contactName: z.optional(text(2, 120)),
  phone: z.optional(phone),
  address: optionalText(300),
  city: optionalText(80),
  locale: z.optional(locale),
  ...passwordChange,
}), needsCurrentPassword);
export type UpdateAgentInput = z.input<typeof updateAgentInput>;

/** PATCH Users: a staff member's own profile, and password. */
export const updateUserInput = checked(z.strictObject({
  name: z.optional(text(2, 120)),
  phone: z.optional(phone),
  locale: z.optional(locale),
  ...passwordChange,
}), needsCurrentPassword);
export type UpdateUserInput = z.input<typeof updateUserInput>;

export interface GroupRef {
  _id: string;
  name: string;
}

/** An agency account. `balance` is in minor units of `currency` (DESIGN §5); staff users never receive it. */
export interface AgentRecord {
  _id: string;
  email: string;
  name: string;
  contactName: string;
  phone: string;
  address: string | null;
  city: string | null;
  locale: string;
  enabled: boolean;
  group: GroupRef | null;
  balance?: number;
  currency?: string;
  /** With the balance only (never for staff): the group's low-balance threshold, null when it sets none. */
  lowBalanceThreshold?: number | null;
  /** With the balance only (never for staff): the credit line, what is available and what is owed (issue 30). */
  credit?: CreditState;
  createdAt: string;
  updatedAt: string;
}

/** A staff member of an agency (DESIGN §3 "User"). */
export interface UserRecord {
  _id: string;
  agentId: string;
  email: string;
  name: string;
  phone: string | null;
  locale: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AdminRecord {
  _id: string;
  email: string;
  name: string;
  locale: string;
  createdAt: string;
  updatedAt: string;
}

/** What scripts receive from the login and refresh calls: the edge has taken `refresh_token` into a cookie. */
export interface SessionResponse {
  access_token: string;
  refresh_token?: string;
  /** Which refresh call renews this session. */
  kind: SessionKindName;
  agent?: AgentRecord;
  user?: UserRecord;
  admin?: AdminRecord;
}

export interface BalanceResponse {
  balance: number;
  currency: string;
  /** The agency's group's low-balance threshold (migration 0013); under it the agency sees a warning. */
  lowBalanceThreshold?: number | null;
  /** The credit line: available (balance + credit) and debt (issue 30). */
  credit?: CreditState;
}

/** GET Users/currentUserData: the staff member and their agency (without its money). */
export interface CurrentUserResponse {
  user: UserRecord;
  agent: AgentRecord;
}
