/**
 * /admin in the browser: the edge draws the dashboard (DashboardView, src/admin/edge-pages.ts), so this island runs
 * when it could not (its call failed at the edge), or when the live hub reports a request change: it asks for the
 * figures itself and draws the same view.
 */
import { useEffect, useState } from "react";
import { followRecords } from "../../lib/record-changes";
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
    const load = () => api.get<Dashboard>("admin/dashboard", { query: { lang: locale } }).then(setData, () => setFailed(true));
    void load();
    // A request filed or corrected: the counts and queues as they are now (issue 26).
    return followRecords(["requests"], load);
  }, [locale]);
  if (failed) return <Alert>{t("dashboard.loadFailed")}</Alert>;
  if (!data) return <Skeleton className="h-48" />;
  return <DashboardView data={data} locale={locale} />;
}

export default withI18n(DashboardPage);
