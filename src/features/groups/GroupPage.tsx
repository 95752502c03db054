/**
 * /groups/{id} (issue 28 item 3): one group as its agency sees it — every traveller with their reference and status
 * kept live, cancel one or the group (the refund summary), the exports, and the print layout — the panel shown after
 * filing (GroupPanel), on a page of its own that the group's notices lead to.
 */
import { useEffect, useState } from "react";
import type { RequestGroup } from "../../contract/request-groups";
import { Alert, Skeleton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { fetchGroup } from "./api";
import { routeIdOf } from "../../lib/route-id-of";
import GroupPanel from "./GroupPanel";

type State = { status: "loading" } | { status: "ready"; group: RequestGroup } | { status: "failed" };

function GroupPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "loading" });
  const load = () => {
    const id = routeIdOf(location.pathname);
    if (!id) return setState({ status: "failed" });
    setState({ status: "loading" });
    fetchGroup(id).then((group) => setState({ status: "ready", group }), () => setState({ status: "failed" }));
  };
  useEffect(load, []);

  if (state.status === "loading") return <Skeleton className="h-48 w-full" />;
  if (state.status === "failed") return <Alert action={<button type="button" className="btn" onClick={load}>{t("common.retry")}</button>}>{t("groups.page.failed")}</Alert>;
  return <GroupPanel groupId={state.group._id} first={state.group} locale={locale} filed={false} />;
}

export default withI18n(GroupPage);
