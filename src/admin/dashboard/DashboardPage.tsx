/**
 * /admin: what needs doing (GET admin/dashboard). Each number links to the list it counts, filtered the same way,
 * so the number equals the list's total. The charts load after the counts, in their own chunk. Status names are
 * looked up by key rather than through contract/requests, which would bring zod into this page.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Money, Skeleton } from "../../components/ui";
import type { Dashboard } from "../../contract/agents";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

const DashboardCharts = lazy(() => import("./DashboardCharts"));

function Stat({ label, href, children, testId }: { label: string; href: string; children: React.ReactNode; testId: string }) {
  return (
    <a href={href} className="card flex flex-col gap-1 p-4 hover:shadow" data-testid={testId}>
      <span className="text-sm text-slate-600">{label}</span>
      <strong className="text-2xl tabular-nums">{children}</strong>
    </a>
  );
}

function DashboardPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.get<Dashboard>("admin/dashboard", { query: { lang: locale } }).then(setData, () => setFailed(true));
  }, [locale]);
  if (failed) return <Alert>{t("dashboard.loadFailed")}</Alert>;
  if (!data) return <Skeleton className="h-48" />;
  const today = new Date().toISOString().slice(0, 10);
  const month = `${today.slice(0, 7)}-01`;
  const requests = `/${locale}/admin/requests-list/`;
  const ledger = `/${locale}/admin/transactions/`;
  const agents = `/${locale}/admin/agents-list/`;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="dash-open">
        <h2 id="dash-open" className="mb-2 text-lg font-semibold">{t("dashboard.openRequests")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          {Object.entries(data.openByStatus).map(([status, n]) => (
            <Stat key={status} label={t(`requests.status.${status}`)} href={`${requests}?status=${status}`} testId={`dash-status-${status}`}>{n}</Stat>
          ))}
        </div>
      </section>
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label={t("dashboard.filedToday")} href={`${requests}?from=${today}&to=${today}`} testId="dash-filed-today">{data.filedToday}</Stat>
        {/* Revenue is orders less refunds: the ledger of the same dates shows that sum above its rows. */}
        <Stat label={t("dashboard.revenueToday")} href={`${ledger}?from=${today}&to=${today}`} testId="dash-revenue-today"><Money minor={data.revenueToday} currency={data.currency} /></Stat>
        <Stat label={t("dashboard.revenueMonth")} href={`${ledger}?from=${month}&to=${today}`} testId="dash-revenue-month"><Money minor={data.revenueMonth} currency={data.currency} /></Stat>
        <Stat label={t("dashboard.pendingApprovals")} href={`${agents}?pending=1`} testId="dash-pending">{data.pendingApprovals}</Stat>
        <Stat label={t("dashboard.lowBalance")} href={`${agents}?lowBalance=1`} testId="dash-low-balance">{data.lowBalance}</Stat>
      </section>
      <Suspense fallback={<Skeleton className="h-40" />}>
        <DashboardCharts data={data} locale={locale} />
      </Suspense>
    </div>
  );
}

export default withI18n(DashboardPage);
