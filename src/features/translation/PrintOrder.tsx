/**
 * /print?kind=translation|legal&id= (issue 12): the order's island, when the edge could not draw it (an admin's view,
 * a failed call): it asks the API itself and renders PrintOrderView. Renders nothing for other kinds.
 */
import { useEffect, useState } from "react";
import type { TranslationOrder } from "../../contract/translation";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES } from "../../shared/auth-cookies";
import type { Locale } from "../../shared/locales";
import { PrintOrderView, printOrderTarget, type PrintOrderState } from "./PrintOrderView";

function PrintOrder({ locale }: { locale: Locale }) {
  const [target] = useState(() => printOrderTarget(typeof location === "undefined" ? "" : location.search));
  const [state, setState] = useState<PrintOrderState>(!target ? { status: "none" } : target.id ? { status: "loading" } : { status: "notFound" });

  useEffect(() => {
    if (!target?.id) return;
    const who = readCookie(AUTH_COOKIES.kind) === "Admin" ? "by-admin" : "by-agent";
    api.get<TranslationOrder>(`legal-translation/${who}/${encodeURIComponent(target.id)}`).then(
      (order) => setState({ status: "ready", order }),
      () => setState({ status: "notFound" }),
    );
  }, [target]);

  return <PrintOrderView state={state} locale={locale} />;
}

export default withI18n(PrintOrder);
