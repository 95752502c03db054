/**
 * One-time invitation links for an agency's staff (our agents/staff/invite and auth/invitation calls): the agency
 * invites a staff user instead of setting their password; the invitee opens the link, sets a password and is signed
 * in. A link is good once, for INVITATION_DAYS days. Messages are validation.* keys.
 */
import * as z from "zod/mini";
import type { UserRecord } from "./auth";
import { email, locale, newPassword, text } from "./common";

/** How long an invitation link stays good. */
export const INVITATION_DAYS = 7;

/** 256 random bits, base64url without padding: 43 characters. */
export const oneTimeToken = z.string({ error: "validation.required" }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "validation.invalid" }));
const token = oneTimeToken;

/** POST agents/staff/invite: a new staff user, invited (no password yet). */
export const inviteStaffInput = z.strictObject({ name: text(2, 120), email, locale: z.optional(locale) });
export type InviteStaffInput = z.input<typeof inviteStaffInput>;

/** POST auth/invitation: what the link is for, before the invitee sets a password. */
export const invitationLookupInput = z.strictObject({ token });
/** POST auth/accept-invitation: the invitee's password; the link is used up. */
export const acceptInvitationInput = z.strictObject({ token, password: newPassword });

/** The agency's answer: the link's path (the page adds its origin), when it expires, and the staff user. */
export interface StaffInvitation {
  path: string;
  expiresAt: string;
  user: UserRecord;
}

/** What the invitee sees before setting a password. */
export interface InvitationInfo {
  email: string;
  name: string;
  agency: string;
  expiresAt: string;
}
