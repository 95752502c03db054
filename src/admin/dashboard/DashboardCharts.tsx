/**
 * The dashboard's three small charts as hand-written SVG (no chart library: a few rectangles are cheaper than any
 * dependency), drawn with the counts (DashboardView). Each bar links to the list it summarizes.
 */
import type { Dashboard } from "../../contract/agents";
import { formatDate, formatMoney, formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import { isRtl, type Locale } from "../../shared/locales";

const W = 600;
const H = 160;

/** A calendar day ("2026-11-28") in the page's language; the day is a date, not an instant: read it in UTC. */
const dayLabel = (day: string, locale: Locale) => formatDate(`${day}T00:00:00Z`, locale, { dateStyle: "medium", timeZone: "UTC" }) || day;

type Point = { day: string; value: number };

function Bars({ values, label, href, title, locale }: { values: Point[]; label: string; href: (day: string) => string; title: (v: Point) => string; locale: Locale }) {
  const max = Math.max(1, ...values.map((v) => v.value));
  const bw = W / Math.max(1, values.length);
  // Time runs in the page's reading direction: in Arabic and Kurdish the oldest day is at the right.
  const rtl = isRtl(locale);
  const first = values[0];
  const last = values[values.length - 1];
  return (
    <>
      {/* A group of links (each bar opens its day's list), not a picture: an image may not hold links (axe nested-interactive). */}
      <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-label={label} className="h-40 w-full" preserveAspectRatio="none" data-testid="day-bars">
        {values.map((v, i) => {
          const h = (v.value / max) * (H - 4);
          const slot = rtl ? values.length - 1 - i : i;
          return (
            <a key={v.day} href={href(v.day)} data-day={v.day}>
              <rect x={slot * bw + 1} y={H - h} width={Math.max(1, bw - 2)} height={h} className="fill-primary-600" />
              <title>{title(v)}</title>
            </a>
          );
        })}
      </svg>
      {/* The first and last day under the bars; a flex row follows the page's direction, so the first day is at the start. */}
      {first && last ? (
        <div className="muted mt-1 flex justify-between text-xs" aria-hidden="true" data-testid="day-range">
          <span>{dayLabel(first.day, locale)}</span>
          {last !== first ? <span>{dayLabel(last.day, locale)}</span> : null}
        </div>
      ) : null}
    </>
  );
}

export default function DashboardCharts({ data, locale }: { data: Dashboard; locale: Locale }) {
  const t = useT();
  const requests = `/${locale}/admin/requests-list/`;
  const ledger = `/${locale}/admin/transactions/`;
  const perDay = data.perDay.map((d) => ({ day: d.day, value: Object.values(d.byStatus).reduce((a, b) => a + b, 0) }));
  const maxTop = Math.max(1, ...data.topVisas.map((v) => v.count));
  const rtl = isRtl(locale);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <figure className="card p-4">
        <figcaption className="mb-2 font-semibold">{t("dashboard.requestsPerDay")}</figcaption>
        <Bars values={perDay} label={t("dashboard.requestsPerDay")} href={(day) => `${requests}?from=${day}&to=${day}`} title={(v) => `${dayLabel(v.day, locale)}: ${formatNumber(v.value, locale)}`} locale={locale} />
      </figure>
      <figure className="card p-4">
        <figcaption className="mb-2 font-semibold">{t("dashboard.revenuePerDay")}</figcaption>
        <Bars
          values={data.revenuePerDay.map((d) => ({ day: d.day, value: Math.max(0, d.amount) }))}
          label={t("dashboard.revenuePerDay")}
          href={(day) => `${ledger}?from=${day}&to=${day}`}
          title={(v) => `${dayLabel(v.day, locale)}: ${formatMoney(v.value, data.currency, locale)}`}
          locale={locale}
        />
      </figure>
      <figure className="card p-4 lg:col-span-2">
        <figcaption className="mb-2 font-semibold">{t("dashboard.topVisas")}</figcaption>
        {data.topVisas.length === 0 ? <p>{t("dashboard.noData")}</p> : (
          <ul className="flex flex-col gap-1">
            {data.topVisas.map((v) => (
              <li key={v._id}>
                <a href={`${requests}?visaId=${encodeURIComponent(v._id)}`} className="flex items-center gap-2">
                  <span className="w-28 shrink-0 truncate sm:w-48">{v.title}</span>
                  <svg viewBox="0 0 100 8" className="h-3 min-w-0 flex-1" aria-hidden="true" preserveAspectRatio="none">
                    {/* The bar grows from the title's side: from the right in Arabic and Kurdish. */}
                    <rect x={rtl ? 100 - (v.count / maxTop) * 100 : 0} width={(v.count / maxTop) * 100} height="8" className="fill-primary-600" />
                  </svg>
                  <span className="tabular-nums">{formatNumber(v.count, locale)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </figure>
    </div>
  );
}
