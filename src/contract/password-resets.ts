/**
 * Password resets (issue 27): "forgot password" for agencies and their staff, and the office's own reset links and
 * forced sign-outs. A link is good once, for RESET_MINUTES minutes (the machinery of staff invitations). Messages are
 * validation.* keys.
 */
import * as z from "zod/mini";
import { email, id, newPassword } from "./common";
import { oneTimeToken } from "./invitations";

/** How long a reset link stays good. */
export const RESET_MINUTES = 30;

/** POST auth/forgot-password: the answer never says whether the address has an account. */
export const forgotPasswordInput = z.strictObject({ email });
/** POST auth/password-reset/check: whose password the link resets, before a new one is set. */
export const resetLookupInput = z.strictObject({ token: oneTimeToken });
/** POST auth/password-reset: the new password; the link is used up and every session of the account ends. */
export const resetPasswordInput = z.strictObject({ token: oneTimeToken, password: newPassword });
/** POST agents/password-reset/{agentId} and agents/sign-out/{agentId}: the agency itself, or one of its staff users. */
export const officeAccountInput = z.strictObject({ userId: z.optional(id) });

/** The answer to "forgot password": the same for every address; says only how links travel on this site. */
export interface ForgotPasswordAnswer {
  accepted: true;
  delivery: "email" | "office";
}

export interface ResetAccount {
  kind: "Agent" | "User";
  _id: string;
  email: string;
  name: string;
}

/** The office's answer: the link's path (the page adds its origin), when it runs out, and whose it is. */
export interface ResetLink {
  path: string;
  expiresAt: string;
  account: ResetAccount;
}

/** What the reset page shows before the new password is set. */
export interface ResetInfo {
  email: string;
  name: string;
  expiresAt: string;
}

/** A "forgot password" request waiting for the office (no email provider): shown on the agency's admin page. */
export interface WaitingReset {
  _id: string;
  account: ResetAccount;
  requestedAt: string;
}
