/**
 * A list's state written into the page's address (`?status=…&page=2`): the path and fragment stay, the history entry
 * is replaced (Back leaves the page, as after any form), and nothing is written when the address already says it.
 */
export function replaceQuery(search: string): void {
  const next = `${location.pathname}${search}${location.hash}`;
  if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, "", next);
}
