/**
 * The news list rules of spec §4, as one pure function (the store and the tests call the same code):
 * - an update of an item that is not enabled removes it;
 * - an update of an enabled item replaces the entry with the same _id, or appends it when absent;
 * - a created item goes to the front, only if it is enabled;
 * - a removal deletes the entry by _id.
 */
export interface NewsEntry {
  _id: string;
  enabled: boolean;
}

export type NewsChange = "created" | "updated" | "removed";

export function applyNewsChange<T extends NewsEntry>(list: readonly T[], change: NewsChange, item: T | Pick<T, "_id">): T[] {
  const others = () => list.filter((entry) => entry._id !== item._id);
  switch (change) {
    case "removed":
      return others();
    case "created":
      return "enabled" in item && item.enabled ? [item as T, ...others()] : [...list];
    case "updated": {
      if (!("enabled" in item) || !item.enabled) return others();
      const at = list.findIndex((entry) => entry._id === item._id);
      if (at === -1) return [...list, item as T];
      const next = [...list];
      next[at] = item as T;
      return next;
    }
  }
}

/** The change a push message type stands for (news-feed.created / .updated / .removed), or null. */
export function newsChangeOf(type: string): NewsChange | null {
  const match = /^news-feed\.(created|updated|removed)$/.exec(type);
  return match ? (match[1] as NewsChange) : null;
}
