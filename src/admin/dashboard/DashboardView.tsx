/**
 * /admin: what needs doing (GET admin/dashboard), drawn from the answer. Each number links to the list it counts,
 * filtered the same way, so the number equals the list's total. The edge draws it with the admin's own answer
 * (src/admin/edge-pages.ts; issue 9): the page needs no script at all; DashboardPage is the browser's way when the
 * edge could not. Status names are looked up by key rather than through contract/requests, which would bring zod in.
 */
import { Money } from "../../components/ui/Money";
import { formatNumber } from "../../components/ui/format";
import type { Dashboard } from "../../contract/agents";
import { useT } from "../../lib/i18n";
import { callPath } from "../../shared/call-path";
import type { Locale } from "../../shared/locales";
import DashboardCharts from "./DashboardCharts";

/** The dashboard's call as the edge makes it: the island's (DashboardPage), spelled as its HTTP client sends it. */
export const dashboardCall = (locale: Locale) => callPath("admin/dashboard", { lang: locale });

function Stat({ label, href, children, testId }: { label: string; href: string; children: React.ReactNode; testId: string }) {
  return (
    <a href={href} className="card flex flex-col gap-1 p-4 hover:shadow" data-testid={testId}>
      <span className="text-sm text-slate-600">{label}</span>
      <strong className="text-2xl tabular-nums">{children}</strong>
    </a>
  );
}

export function DashboardView({ data, locale }: { data: Dashboard; locale: Locale }) {
  const t = useT();
  // The API counts days in UTC: "today" is the UTC day here too, wherever the page is drawn.
  const today = new Date().toISOString().slice(0, 10);
  const month = `${today.slice(0, 7)}-01`;
  const requests = `/${locale}/admin/requests-list/`;
  const ledger = `/${locale}/admin/transactions/`;
  const agents = `/${locale}/admin/agents-list/`;
  // Counts in the page's digits (Arabic-Indic in Arabic and Kurdish), as every table of the product shows them.
  const count = (n: number) => formatNumber(n, locale);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="dash-open">
        <h2 id="dash-open" className="mb-2 text-lg font-semibold">{t("dashboard.openRequests")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          {Object.entries(data.openByStatus).map(([status, n]) => (
            <Stat key={status} label={t(`requests.status.${status}`)} href={`${requests}?status=${status}`} testId={`dash-status-${status}`}>{count(n)}</Stat>
          ))}
        </div>
      </section>
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label={t("dashboard.filedToday")} href={`${requests}?from=${today}&to=${today}`} testId="dash-filed-today">{count(data.filedToday)}</Stat>
        {/* Revenue is orders less refunds: the ledger of the same dates shows that sum above its rows. */}
        <Stat label={t("dashboard.revenueToday")} href={`${ledger}?from=${today}&to=${today}`} testId="dash-revenue-today"><Money minor={data.revenueToday} currency={data.currency} /></Stat>
        <Stat label={t("dashboard.revenueMonth")} href={`${ledger}?from=${month}&to=${today}`} testId="dash-revenue-month"><Money minor={data.revenueMonth} currency={data.currency} /></Stat>
        <Stat label={t("dashboard.pendingApprovals")} href={`${agents}?pending=1`} testId="dash-pending">{count(data.pendingApprovals)}</Stat>
        <Stat label={t("dashboard.lowBalance")} href={`${agents}?lowBalance=1`} testId="dash-low-balance">{count(data.lowBalance)}</Stat>
      </section>
      {/* Issue 30: the credit agencies use now, and who is past the office's terms. */}
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-label={t("dashboard.credit")}>
        <Stat label={t("dashboard.creditInUse")} href={`${agents}?inDebt=true`} testId="dash-credit-in-use"><Money minor={data.creditInUse ?? 0} currency={data.currency} /></Stat>
        <Stat label={t("dashboard.agenciesOwing")} href={`${agents}?inDebt=true`} testId="dash-owing">{count(data.agenciesOwing ?? 0)}</Stat>
        <Stat label={t("dashboard.pastTerms")} href={`${agents}?pastTerms=true`} testId="dash-past-terms">{count(data.pastTerms ?? 0)}</Stat>
      </section>
      <DashboardCharts data={data} locale={locale} />
    </div>
  );
}
