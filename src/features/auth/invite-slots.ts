/**
 * The invitation's texts the build leaves as slots in the form (InviteForm) and the page's script fills
 * (invite.client.ts): no React, no API client, so the invitee's page needs neither to show the form.
 */
import type { InvitationInfo } from "../../contract/invitations";
import type { Locale } from "../../shared/locales";
import { formatDate } from "../../shared/format";

export const INVITE_SLOTS = ["name", "agency", "email", "username", "date"] as const;
export type InviteSlot = (typeof INVITE_SLOTS)[number];

/** The link's last day, as the page's language writes a date. */
export const inviteExpiry = (locale: Locale, iso: string) =>
  formatDate(iso, locale, { dateStyle: "long" });

/** Fills the form's slots with the invitation (text only: names typed by an agency are never read as HTML). */
export function fillInviteSlots(root: ParentNode, locale: Locale, info: InvitationInfo): void {
  const values: Record<InviteSlot, string> = {
    name: info.name,
    agency: info.agency,
    email: info.email,
    username: info.email,
    date: inviteExpiry(locale, info.expiresAt),
  };
  for (const element of root.querySelectorAll<HTMLElement>("[data-invite-slot]")) {
    const value = values[element.dataset.inviteSlot as InviteSlot];
    if (value === undefined) continue;
    if (element instanceof HTMLInputElement) element.value = value;
    else element.replaceWith(document.createTextNode(value));
  }
}
