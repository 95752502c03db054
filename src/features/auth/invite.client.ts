/**
 * /invite#<token> (issue 9): the form is in the page from the build, with slots for who invites and for whom. This
 * script (no React, no API client) asks for the invitation once and fills them, so the invitee sees the form and types
 * the new password before any island loads; the island comes when they reach for the form, with what this script
 * read, and sends it. A link without its token shows the card the build drew for it; a used, expired or unknown one goes
 * to the island at once: it tells which, as before.
 */
import type { InvitationInfo } from "../../contract/invitations";
import { registerViews, viewElement } from "../../lib/edge-views";
import { DEFAULT_LOCALE, isLocale } from "../../shared/locales";
import { fillInviteSlots } from "./invite-slots";
import { isIncompleteLink } from "./incomplete-link";

const VIEW = "invite-form";
const island = () => import("./InviteAccept");

async function invitation(token: string): Promise<InvitationInfo | null> {
  if (!token) return null;
  try {
    const response = await fetch("/api/auth/invitation", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token }),
    });
    return response.ok ? ((await response.json()) as InvitationInfo) : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const view = viewElement(VIEW);
  if (!view) return;
  // No token: the build's "incomplete link" card is shown already; nothing to ask, no island to wait for (issue 32).
  if (isIncompleteLink()) return;
  const info = await invitation(location.hash.slice(1));
  if (!info) {
    // Not drawn: the island takes the view over now and explains what is wrong with the link.
    view.removeAttribute("data-edge-filled");
  } else {
    fillInviteSlots(view, isLocale(view.dataset.locale) ? view.dataset.locale : DEFAULT_LOCALE, info);
    view.querySelector('[data-invite-part="loading"]')?.remove();
    view.querySelector<HTMLElement>('[data-invite-part="form"]')?.removeAttribute("hidden");
    view.dataset.props = JSON.stringify({ initial: info });
  }
  registerViews({ [VIEW]: island });
}

void start();
