/**
 * /admin in the browser: the edge draws the dashboard (DashboardView, src/admin/edge-pages.ts), so this island runs
 * only when it could not (its call failed at the edge): it asks for the figures itself and draws the same view.
 */
import { useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import type { Dashboard } from "../../contract/agents";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { DashboardView } from "./DashboardView";

function DashboardPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.get<Dashboard>("admin/dashboard", { query: { lang: locale } }).then(setData, () => setFailed(true));
  }, [locale]);
  if (failed) return <Alert>{t("dashboard.loadFailed")}</Alert>;
  if (!data) return <Skeleton className="h-48" />;
  return <DashboardView data={data} locale={locale} />;
}

export default withI18n(DashboardPage);
