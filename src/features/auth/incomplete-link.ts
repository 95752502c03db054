/**
 * The one-time links' pages (/invite, /reset-password; issue 32), for their small scripts: no React in here, so the
 * pages carry none up front.
 */

/**
 * A link's page as its script finds it: without a token (the fragment after "#") the link is incomplete, and the
 * page shows the card the build drew for it instead of its placeholder (true); the island is not needed for that.
 */
export function showIncompleteLink(view: HTMLElement): boolean {
  if (location.hash.slice(1)) return false;
  view.querySelector('[data-link-part="pending"]')?.remove();
  view.querySelector('[data-link-part="incomplete"]')?.removeAttribute("hidden");
  return true;
}
