/**
 * Filters of a resource list beyond a select (ResourceTable's `filters`): a date range and a free-text filter.
 * They write the store's filters (`from`, `to`, any name), so paging, export and reloads all see them.
 * Dates are the native date input (keyboard, screen readers and the locale's calendar for free), sent as
 * YYYY-MM-DD; the API reads `to` as the whole day.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { TextField } from "../../components/ui";
import { DateRangeFields } from "./DateRangeFields";
import type { ResourceStore } from "./resource.store";

type AnyStore = Pick<ResourceStore<{ _id: string }>, "$query" | "setFilter">;

export function DateRangeFilter({ store, from = "from", to = "to", testId = "filter-dates" }: { store: AnyStore; from?: string; to?: string; testId?: string }) {
  const query = useStore(store.$query);
  return (
    <DateRangeFields
      start={query.filters[from] ?? ""}
      end={query.filters[to] ?? ""}
      onStart={(value) => void store.setFilter(from, value)}
      onEnd={(value) => void store.setFilter(to, value)}
      testId={testId}
    />
  );
}

/** A free-text filter applied when typing pauses (an id pasted from elsewhere). */
export function TextFilter({ store, name, label, testId, delay = 400 }: { store: AnyStore; name: string; label: string; testId?: string; delay?: number }) {
  const query = useStore(store.$query);
  const applied = query.filters[name] ?? "";
  const [text, setText] = useState(applied);
  useEffect(() => setText(applied), [applied]);
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => void store.setFilter(name, text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, applied, name, store, delay]);
  return <TextField label={label} value={text} onValue={setText} dir="ltr" fieldClassName="w-56" testId={testId ?? `filter-${name}`} />;
}

