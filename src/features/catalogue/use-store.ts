import { useStore } from "../../lib/use-store";
import type { ReadableAtom } from "nanostores";

/**
 * useStore that hydrates with the store's initial value (what the page was pre-rendered with) and only then shows
 * the current one: a store loaded before an island hydrates never makes React's hydration mismatch (#418).
 */
export function useHydratedStore<T>($store: ReadableAtom<T>): T {
  return useStore($store, { ssr: "initial" });
}
