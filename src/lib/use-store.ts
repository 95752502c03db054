/**
 * A nanostores store in a React component: @nanostores/react's useStore without its key-listening options (issue 9:
 * those pull nanostores' listenKeys and path helpers onto every agent page). `ssr: "initial"` hydrates with the
 * store's initial value (what the page was pre-rendered with) and only then shows the current one, so a store loaded
 * before an island hydrates never makes React's hydration mismatch (#418).
 */
import { useCallback, useSyncExternalStore } from "react";
import type { ReadableAtom } from "nanostores";

export function useStore<T>($store: ReadableAtom<T>, { ssr }: { ssr?: "initial" } = {}): T {
  const subscribe = useCallback((changed: () => void) => $store.listen(changed), [$store]);
  const current = () => $store.get();
  return useSyncExternalStore(subscribe, current, ssr === "initial" ? () => ($store as ReadableAtom<T> & { init: T }).init : current);
}
