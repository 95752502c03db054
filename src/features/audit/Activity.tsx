/**
 * /activity (issue 29 item 2): what was done to the agency's own account and requests, by the office and by its own
 * people, newest first — who, when and what changed. Without the office's addresses or internal notes; staff see no
 * money (the API leaves it out); the page number is in the address. How it looks is ActivityView's: the edge draws it
 * too (issue 32), and this island takes it over when the agency reaches for a control (activity.client.ts), or at once
 * where the edge could not draw it.
 */
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { AuditListResponse } from "../../contract/audit";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { ACTIVITY_LIMIT, ActivityView, activityPageOf, type ActivityState } from "./ActivityView";

function Activity({ locale, currency = "USD" }: { locale: Locale; currency?: string }) {
  const [page, setPage] = useState(() => activityPageOf(location.search));
  const [state, setState] = useState<ActivityState>({ status: "loading" });
  const load = useCallback(async () => {
    try {
      setState({ status: "ready", data: await api.get<AuditListResponse>("agents/audit-log", { query: { page, limit: ACTIVITY_LIMIT } }) });
    } catch {
      setState({ status: "error" });
    }
  }, [page]);
  useEffect(() => {
    void load();
    history.replaceState(history.state, "", page > 1 ? `?page=${page}` : location.pathname);
  }, [load, page]);

  return <ActivityView locale={locale} currency={currency} page={page} state={state} onPage={setPage} onRetry={() => void load()} />;
}

export default withI18n(Activity);
