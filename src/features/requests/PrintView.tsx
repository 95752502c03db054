/**
 * /print?kind=visa&id=…: the visa print view's island, when the edge could not draw it: it asks the API itself and
 * renders PrintVisaView. Translation and legal orders are PrintOrder's (same page).
 */
import { useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import type { Thread } from "../../contract/threads";
import { api } from "../../lib/api";
import { fetchRequestForViewer } from "./api";
import { PrintVisaView, printTarget, type PrintState } from "./PrintVisaView";

export { printTarget } from "./PrintVisaView";

function PrintViewRoot({ locale }: { locale: Locale }) {
  const [state, setState] = useState<PrintState>({ status: "loading" });

  const load = () => {
    const target = printTarget(location.search);
    if (!target) return setState({ status: "notFound" });
    // Translation and legal-translation orders are printed by PrintOrder on the same page (issue 12).
    if (target.kind === "translation" || target.kind === "legal") return setState({ status: "elsewhere" });
    if (target.kind !== "visa") return setState({ status: "unsupported" });
    setState({ status: "loading" });
    // An admin prints any agency's request (issue 27); the agency's own call refuses admins.
    const thread = target.thread ? api.get<Thread>(`requests/${encodeURIComponent(target.id)}/messages`, { notify: false }).catch(() => undefined) : Promise.resolve(undefined);
    Promise.all([fetchRequestForViewer(target.id), thread]).then(
      ([data, messages]) => setState({ status: "ready", data, ...(messages ? { thread: messages } : {}) }),
      (error: { status?: number }) => setState({ status: error?.status === 404 || error?.status === 400 ? "notFound" : "error" }),
    );
  };
  useEffect(load, []);

  return <PrintVisaView state={state} locale={locale} onRetry={load} />;
}

export default withI18n(PrintViewRoot);
