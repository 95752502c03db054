/** An amount filter of a resource list, in its own module: only the lists that filter by money load its messages. */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { NumberField } from "../../components/ui/NumberInput";
import { minorToText, parseMoney } from "../../components/ui/numbers";
import { useT } from "../../lib/i18n";
import type { ResourceStore } from "./resource.store";

type AnyStore = Pick<ResourceStore<{ _id: string }>, "$query" | "setFilter">;

/**
 * An amount filter (issue 26 item 5): typed as money in the currency's major units and the page's digits, like
 * every money field, and applied as the minor units the API reads (the filter used to ask for "minor units").
 */
export function MoneyFilter({ store, name, label, currency, delay = 400 }: { store: AnyStore; name: string; label: string; currency: string; delay?: number }) {
  const t = useT();
  const query = useStore(store.$query);
  const applied = query.filters[name] ?? "";
  const textOf = (minor: string) => (minor && Number.isFinite(Number(minor)) ? minorToText(Number(minor), currency) : "");
  const [text, setText] = useState(() => textOf(applied));
  const parsed = text.trim() ? parseMoney(text, currency) : { value: null };
  const wanted = parsed.problem ? null : parsed.value === null || parsed.value === undefined ? "" : String(parsed.value);
  // A filter set elsewhere (the address, "clear filters") shows here; what is being typed is left alone.
  useEffect(() => {
    if (applied !== wanted) setText(textOf(applied));
  }, [applied]);
  useEffect(() => {
    if (wanted === null || wanted === applied) return;
    const timer = setTimeout(() => void store.setFilter(name, wanted), delay);
    return () => clearTimeout(timer);
  }, [wanted, applied, name, store, delay]);
  return (
    <NumberField
      label={label} value={text} onValue={(value) => setText(value)} kind="money" currency={currency}
      error={parsed.problem ? t(parsed.problem) : null} fieldClassName="w-56" testId={`filter-${name}`}
    />
  );
}
