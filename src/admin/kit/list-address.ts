/**
 * Keeps a list's state in the page's address as it changes (filters, search, page, page size): a reload, a link
 * copied to a colleague or a tab reopened shows the same rows. The address is replaced, not pushed: Back leaves the
 * page, as it would after any form. The first state is read by the page (listQueryFromSearch) and drawn by the edge.
 */
import type { ReadableAtom } from "nanostores";
import { replaceQuery } from "../../lib/address";
import { listSearchOf, type ListQuery } from "./list-query";

export function followAddress(store: { $query: ReadableAtom<ListQuery> }, base: ListQuery): () => void {
  return store.$query.listen((query) => replaceQuery(listSearchOf(query, base)));
}
