/**
 * /print?kind=translation|legal&id= (issue 12): one translation or legal-translation order and its receipt, ready to
 * print. Renders nothing for other kinds (the visa print view of the same page handles those). Staff see no money.
 */
import { Printer } from "../../components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import type { TranslationOrder } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button } from "../../components/ui/Button";
import { Alert, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { formatDate, formatNumber } from "../../components/ui/format";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { readCookie } from "../../lib/cookies";
import { useT } from "../../lib/i18n";
import { AUTH_COOKIES } from "../../shared/auth-cookies";
import type { Locale } from "../../shared/locales";
import { Languages, text } from "./ui";

const KINDS = ["translation", "legal"];

function PrintOrder({ locale }: { locale: Locale }) {
  const t = useT();
  const [params] = useState(() => new URLSearchParams(typeof location === "undefined" ? "" : location.search));
  const kind = params.get("kind") ?? "";
  const id = params.get("id") ?? "";
  const [order, setOrder] = useState<TranslationOrder | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!KINDS.includes(kind) || !id) return;
    const who = readCookie(AUTH_COOKIES.kind) === "Admin" ? "by-admin" : "by-agent";
    api.get<TranslationOrder>(`legal-translation/${who}/${encodeURIComponent(id)}`).then(setOrder, () => setFailed(true));
  }, [kind, id]);

  if (!KINDS.includes(kind)) return null;
  if (failed || !id) return <Alert>{t("translation.print.notFound")}</Alert>;
  if (!order) return <Spinner label={t("translation.loading")} />;
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
        <Button icon={Printer} onClick={() => window.print()} className="print:hidden">{t("translation.print.print")}</Button>
      </header>
      <dl className="text-sm">
        {row(t("translation.print.agency"), order.agency.name)}
        {row(t("translation.service"), text(order.service.name, locale))}
        {row(t("translation.languagesOf"), <Languages from={order.fromLanguage} to={order.toLanguage} locale={locale} />)}
        {row(t("translation.pages"), formatNumber(order.pages, locale))}
        {row(t("translation.print.status"), t(STATUS_A_KEYS[order.status]))}
        {row(t("translation.orderedOn"), formatDate(order.createdAt, locale, { dateStyle: "long", timeStyle: "short" }))}
        {row(t("translation.due"), formatDate(`${order.dueDate}T12:00:00Z`, locale, { dateStyle: "long" }))}
        {row(t("translation.print.filedBy"), order.filedBy.name)}
      </dl>
      {order.price !== undefined && order.pricePerPage !== undefined && order.currency && (
        <section aria-labelledby="receipt-title" className="rounded-2xl border border-[var(--border)] p-4 text-sm">
          <h3 id="receipt-title" className="mb-2 font-semibold">{t("translation.print.receipt")}</h3>
          <dl>
            {row(t("translation.print.pricePerPage"), <Money minor={order.pricePerPage} currency={order.currency} />)}
            {row(t("translation.pages"), formatNumber(order.pages, locale))}
            {row(t("translation.print.total"), <Money minor={order.price} currency={order.currency} className="font-bold" />)}
          </dl>
        </section>
      )}
    </article>
  );
}

export default withI18n(PrintOrder);
