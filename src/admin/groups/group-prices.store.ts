/**
 * The price grid of one agent group (DESIGN §5): the group's price overrides by visa, and which visas are hidden
 * from it. Setting a price creates the (group, visa) override or changes it; clearing deletes it, so the group's
 * agents pay the visa's own price again. Hiding sends the visa's complete list of hidden groups.
 */
import { atom, map } from "nanostores";
import type { GroupPrice, Visa } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import type { HttpLike } from "../kit";

export function createGroupPricesStore(http: HttpLike = api) {
  /** The overrides of the current group, by visa id. */
  const $prices = map<Record<string, GroupPrice>>({});
  const $groupId = atom<string | null>(null);
  const $loading = atom(false);
  /** Visa ids with a call under way (their row's controls wait). */
  const $busy = map<Record<string, boolean>>({});

  async function loadGroup(groupId: string): Promise<void> {
    $groupId.set(groupId);
    $loading.set(true);
    $prices.set({});
    try {
      const answer = await http.get<ListResponse<GroupPrice> | GroupPrice[]>(`group-price/${encodeURIComponent(groupId)}`);
      if ($groupId.get() !== groupId) return;
      const list = Array.isArray(answer) ? answer : answer.data;
      $prices.set(Object.fromEntries(list.map((price) => [price.visaId, price])));
    } finally {
      if ($groupId.get() === groupId) $loading.set(false);
    }
  }

  async function busyWhile<T>(visaId: string, work: () => Promise<T>): Promise<T> {
    $busy.setKey(visaId, true);
    try {
      return await work();
    } finally {
      $busy.setKey(visaId, false);
    }
  }

  /** The group's price for a visa, in minor units: a new override or a change of the existing one. */
  function setPrice(visaId: string, price: number): Promise<GroupPrice> {
    const groupId = $groupId.get();
    if (!groupId) return Promise.reject(new Error("No group chosen"));
    const existing = $prices.get()[visaId];
    return busyWhile(visaId, async () => {
      const saved = existing
        ? await http.patch<GroupPrice>(`group-price/${encodeURIComponent(existing._id)}`, { price })
        : await http.post<GroupPrice>("group-price", { groupId, visaId, price });
      if ($groupId.get() === groupId) $prices.setKey(visaId, saved);
      return saved;
    });
  }

  /** Removes the override: the group pays the visa's own price again. */
  function clearPrice(visaId: string): Promise<void> {
    const existing = $prices.get()[visaId];
    if (!existing) return Promise.resolve();
    return busyWhile(visaId, async () => {
      await http.delete(`group-price/${encodeURIComponent(existing._id)}`);
      const { [visaId]: _gone, ...rest } = $prices.get();
      $prices.set(rest);
    });
  }

  /** Hides the visa from the current group, or shows it again; answers the visa as saved. */
  function setHidden(visa: { _id: string; hiddenFromGroups?: string[] }, hidden: boolean): Promise<Visa> {
    const groupId = $groupId.get();
    if (!groupId) return Promise.reject(new Error("No group chosen"));
    const others = (visa.hiddenFromGroups ?? []).filter((id) => id !== groupId);
    const groupIds = hidden ? [...others, groupId] : others;
    return busyWhile(visa._id, () => http.post<Visa>(`visa/set-hide-from-group/${encodeURIComponent(visa._id)}`, { groupIds }));
  }

  return { $prices, $groupId, $loading, $busy, loadGroup, setPrice, clearPrice, setHidden };
}

export type GroupPricesStore = ReturnType<typeof createGroupPricesStore>;
