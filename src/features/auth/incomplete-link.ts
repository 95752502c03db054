/**
 * The one-time links' pages (/invite, /reset-password; issue 32), for their small scripts: no React in here, so the
 * pages carry none up front.
 */

/**
 * A link without its token (the fragment after "#") is incomplete: the page already shows the card the build drew for
 * it (its inline script, IncompleteLinkNow.astro, ran while the page was parsed), and needs no island.
 */
export const isIncompleteLink = (): boolean => !location.hash.slice(1);
