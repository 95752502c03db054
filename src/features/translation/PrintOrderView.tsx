/**
 * /print?kind=translation|legal&id= (issue 12): one translation or legal-translation order and its receipt, ready to
 * print, from its state. Drawn by the edge from the agency's own answer (functions/edge/views/requests.tsx) and by the
 * island (PrintOrder.tsx). Staff see no money (the API leaves it out). The print button works without the island
 * (src/features/requests/print.client.ts).
 */
import { Printer } from "../../components/ui/icons";
import type { ReactNode } from "react";
import type { TranslationOrder } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button } from "../../components/ui/Button";
import { Alert, Spinner } from "../../components/ui/Feedback";
import { formatDate, formatMoney, formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { Languages, text } from "./parts";

export const PRINT_ORDER_KINDS = ["translation", "legal"];

/** The order the address asks to print (`kind` one of PRINT_ORDER_KINDS), or null when it is not one. */
export function printOrderTarget(search: string): { kind: string; id: string } | null {
  const params = new URLSearchParams(search);
  const kind = params.get("kind") ?? "";
  return PRINT_ORDER_KINDS.includes(kind) ? { kind, id: params.get("id") ?? "" } : null;
}

export type PrintOrderState = { status: "none" } | { status: "loading" } | { status: "ready"; order: TranslationOrder } | { status: "notFound" };

const Money = ({ minor, currency, locale, className }: { minor: number; currency: string; locale: Locale; className?: string }) => (
  <bdi className={`tabular-nums ${className ?? ""}`}>{formatMoney(minor, currency, locale)}</bdi>
);

export function PrintOrderView({ state, locale, timeZone }: { state: PrintOrderState; locale: Locale; timeZone?: string }) {
  const t = useT();
  if (state.status === "none") return null;
  if (state.status === "notFound") return <Alert>{t("translation.print.notFound")}</Alert>;
  if (state.status === "loading") return <Spinner label={t("translation.loading")} />;
  const { order } = state;
  const zone = timeZone ? { timeZone } : {};
  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-4 border-b border-[var(--border)] py-2">
      <dt className="muted">{label}</dt>
      <dd className="text-end font-medium">{value}</dd>
    </div>
  );
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4 p-6" data-testid="print-order">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">{t(ORDER_KIND_KEYS[order.kind])}</h2>
          <p className="font-mono" dir="ltr">{order.reference}</p>
        </div>
        <Button icon={Printer} data-print="" className="print:hidden">{t("translation.print.print")}</Button>
      </header>
      <dl className="text-sm">
        {row(t("translation.print.agency"), order.agency.name)}
        {row(t("translation.service"), text(order.service.name, locale))}
        {row(t("translation.languagesOf"), <Languages from={order.fromLanguage} to={order.toLanguage} locale={locale} />)}
        {row(t("translation.pages"), formatNumber(order.pages, locale))}
        {row(t("translation.print.status"), t(STATUS_A_KEYS[order.status]))}
        {row(t("translation.orderedOn"), formatDate(order.createdAt, locale, { dateStyle: "long", timeStyle: "short", ...zone }))}
        {row(t("translation.due"), formatDate(`${order.dueDate}T12:00:00Z`, locale, { dateStyle: "long" }))}
        {row(t("translation.print.filedBy"), order.filedBy.name)}
      </dl>
      {order.price !== undefined && order.pricePerPage !== undefined && order.currency && (
        <section aria-labelledby="receipt-title" className="rounded-2xl border border-[var(--border)] p-4 text-sm">
          <h3 id="receipt-title" className="mb-2 font-semibold">{t("translation.print.receipt")}</h3>
          <dl>
            {row(t("translation.print.pricePerPage"), <Money minor={order.pricePerPage} currency={order.currency} locale={locale} />)}
            {row(t("translation.pages"), formatNumber(order.pages, locale))}
            {row(t("translation.print.total"), <Money minor={order.price} currency={order.currency} locale={locale} className="font-bold" />)}
          </dl>
        </section>
      )}
    </article>
  );
}
