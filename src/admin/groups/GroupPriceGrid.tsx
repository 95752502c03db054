/**
 * The per-visa price grid of one group: every visa (paged, searchable, sortable: the kit's table over the visa
 * list), its own price, the group's price (set, change or clear) and whether the group's agents see it at all.
 */
import { Flag } from "../../components/Flag";
import { useStore } from "@nanostores/react";
import { Check, X } from "lucide-react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import type { Group } from "../../contract/catalogue";
import { FieldError, IconButton, Money, Switch, formatMoney, isolateAmount } from "../../components/ui";
import { NumberInput } from "../../components/ui/NumberInput";
import { localizeDigits, parseMoney } from "../../components/ui/numbers";
import { toast } from "../../lib/toast.store";
import {
  DEFAULT_CURRENCY, ResourceTable, catalogueEndpoints, createResourceStore, fromMinorUnits, localized, usePageLocale,
  type Column, type HttpLike,
} from "../kit";
import type { AdminVisa } from "../visas/visas.resource";
import { createGroupPricesStore, type GroupPricesStore } from "./group-prices.store";

export interface GroupPriceGridProps {
  group: Group;
  http?: HttpLike;
}

export function GroupPriceGrid({ group, http }: GroupPriceGridProps) {
  const t = useT();
  const locale = usePageLocale();
  const visas = useMemo(
    () => createResourceStore<AdminVisa>({ endpoints: catalogueEndpoints("visa"), http, query: { sort: `title.${locale}`, order: "asc" } }),
    [http, locale],
  );
  const prices = useMemo(() => createGroupPricesStore(http), [http]);

  useEffect(() => {
    void prices.loadGroup(group._id).catch(() => undefined);
  }, [prices, group._id]);

  const columns = useMemo<Column<AdminVisa>[]>(
    () => [
      {
        key: "title",
        label: "resources.visas.fields.title",
        sortable: (locale) => `title.${locale}`,
        primary: true,
        render: (row, { locale }) => (
          <span className="inline-flex items-center gap-2">
            <Flag country={row.country} />
            <span className="font-medium">{localized(row.title, locale)}</span>
          </span>
        ),
      },
      {
        key: "basePrice",
        label: "resources.groups.prices.basePrice",
        sortable: false,
        align: "end",
        render: (row) => <Money minor={row.basePrice ?? row.price ?? 0} currency={row.currency ?? "USD"} />,
      },
      { key: "groupPrice", label: "resources.groups.prices.groupPrice", render: (row) => <PriceCell visa={row} prices={prices} group={group} /> },
      {
        key: "visible",
        label: "resources.groups.prices.visible",
        render: (row) => (
          <VisibilityCell
            visa={row}
            prices={prices}
            group={group}
            onSaved={(hiddenFromGroups) => visas.patchRow({ _id: row._id, hiddenFromGroups })}
          />
        ),
      },
    ],
    [prices, group, visas],
  );

  return (
    <section className="flex flex-col gap-3" aria-labelledby="price-grid-title" data-testid="price-grid" data-group={group._id}>
      <div>
        <h2 id="price-grid-title" className="text-xl font-bold">
          {t("resources.groups.prices.title", { name: group.name })}
        </h2>
        <p className="muted text-sm">{t("resources.groups.prices.hint")}</p>
      </div>
      <ResourceTable
        store={visas}
        columns={columns}
        caption={t("resources.groups.prices.title", { name: group.name })}
        searchLabel="resources.visas.search"
        emptyLabel="resources.visas.empty"
        testId="price-table"
      />
    </section>
  );
}

interface CellProps {
  visa: AdminVisa;
  prices: GroupPricesStore;
  group: Group;
}

/** The group's price for one visa: an amount field with save and clear; empty means the visa's own price. */
function PriceCell({ visa, prices }: CellProps) {
  const t = useT();
  const locale = usePageLocale();
  const override = useStore(prices.$prices)[visa._id];
  const busy = Boolean(useStore(prices.$busy)[visa._id]);
  const loading = useStore(prices.$loading);
  const currency = visa.currency || DEFAULT_CURRENCY;
  const saved = override ? fromMinorUnits(override.price, currency) : "";
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(saved), [saved]);
  const name = localized(visa.title, locale);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (text.trim() === "") {
      if (override) await clear();
      return;
    }
    const amount = parseMoney(text, currency);
    // The API's rule (zod) loads with the first price saved, not with the grid.
    const checked = amount.problem ? null : (await import("../../contract/catalogue")).groupPricePatch.safeParse({ price: amount.value });
    if (!checked?.success) {
      setError(t(amount.problem ?? checked?.error.issues[0]?.message ?? "validation.invalid"));
      return;
    }
    try {
      await prices.setPrice(visa._id, checked.data.price);
      toast.success(t("resources.groups.prices.saved", { visa: name }));
    } catch {
      // The client has shown the API's message.
    }
  }

  async function clear() {
    setError(null);
    try {
      await prices.clearPrice(visa._id);
      setText("");
      toast.success(t("resources.groups.prices.cleared", { visa: name }));
    } catch {
      // Shown by the client.
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-1" data-testid="price-cell" data-visa={visa._id}>
      <div className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          {t("resources.groups.prices.priceFor", { visa: name })}
        </label>
        <div className="relative w-36">
          <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center muted text-xs" dir="ltr">
            {currency}
          </span>
          <NumberInput
            id={id}
            value={text}
            onValue={(value) => setText(value)}
            currency={currency}
            placeholder={localizeDigits(fromMinorUnits(visa.basePrice ?? visa.price ?? 0, currency), locale)}
            disabled={busy || loading}
            invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`block w-full min-h-9 rounded-full border bg-[var(--surface)] ps-12 pe-3 text-end tabular-nums ${error ? "border-error-600" : "border-[var(--border)]"}`}
            testId="price-input"
          />
        </div>
        <IconButton type="submit" size="sm" icon={Check} label={t("resources.groups.prices.save", { visa: name })} disabled={busy || loading || parseMoney(text, currency).value === (override?.price ?? null)} data-testid="price-save" />
        <IconButton size="sm" icon={X} tone="danger" label={t("resources.groups.prices.clear", { visa: name })} disabled={busy || !override} onClick={() => void clear()} data-testid="price-clear" />
      </div>
      {override && <span className="text-xs muted px-3">{t("resources.groups.prices.agentsPay", { price: isolateAmount(formatMoney(override.price, currency, locale)) })}</span>}
      {error && (
        <span id={`${id}-error`}>
          <FieldError error={error} testId="price-error" />
        </span>
      )}
    </form>
  );
}

/** Whether the group's agents see (and may order) the visa. */
function VisibilityCell({ visa, prices, group, onSaved }: CellProps & { onSaved: (hiddenFromGroups: string[]) => void }) {
  const t = useT();
  const locale = usePageLocale();
  const busy = Boolean(useStore(prices.$busy)[visa._id]);
  const hidden = (visa.hiddenFromGroups ?? []).includes(group._id);
  const name = localized(visa.title, locale);

  async function toggle(visible: boolean) {
    try {
      const saved = await prices.setHidden(visa, !visible);
      onSaved(saved.hiddenFromGroups ?? (visible ? (visa.hiddenFromGroups ?? []).filter((id) => id !== group._id) : [...(visa.hiddenFromGroups ?? []), group._id]));
      toast.success(t(visible ? "resources.groups.prices.shown" : "resources.groups.prices.hidden", { visa: name, group: group.name }));
    } catch {
      // Shown by the client.
    }
  }

  return (
    <Switch
      label={t("resources.groups.prices.visibleFor", { visa: name, group: group.name })}
      labelHidden
      checked={!hidden}
      onChange={(visible) => void toggle(visible)}
      disabled={busy}
      testId="visibility-switch"
    />
  );
}
