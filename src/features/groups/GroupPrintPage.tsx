/**
 * /groups/{id}/print (issue 28 item 6): the island of the group's print layout, when the edge could not draw it
 * (GroupPrintView): it asks the API itself.
 */
import { useEffect, useState } from "react";
import type { RequestGroup } from "../../contract/request-groups";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { routeIdOf } from "../../lib/route-id-of";
import type { Locale } from "../../shared/locales";
import { fetchGroup } from "./api";
import { GroupPrintView } from "./GroupPrintView";

type State = { status: "loading" } | { status: "ready"; group: RequestGroup } | { status: "notFound" };

function GroupPrintPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const id = routeIdOf(location.pathname);
    if (!id) return setState({ status: "notFound" });
    fetchGroup(id).then((group) => setState({ status: "ready", group }), () => setState({ status: "notFound" }));
  }, []);

  if (state.status === "loading") return <p className="muted" role="status">{t("groups.page.loading")}</p>;
  if (state.status === "notFound") return <p className="card p-8 text-center font-semibold" role="alert" data-testid="print-not-found">{t("groups.page.failed")}</p>;
  return <GroupPrintView group={state.group} locale={locale} />;
}

export default withI18n(GroupPrintPage);
