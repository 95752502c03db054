/**
 * A request's or an order's conversation as an island (issue 29): the drawn ThreadView with the calls. On the
 * agency's request page it takes the edge's drawing over when the reader reaches for the form or a message arrives;
 * the office's pages and the order pages show it inside their own islands (ThreadPanel).
 */
import { withI18n } from "../../components/with-i18n";
import type { ThreadSide } from "../../contract/threads";
import { routeIdOf } from "../../lib/route-id-of";
import type { Locale } from "../../shared/locales";
import { useThread, type ThreadKind } from "./thread";
import { ThreadView, threadPrintHref } from "./ThreadView";

export function ThreadPanel({ kind, id, side, locale }: { kind: ThreadKind; id: string | null; side: ThreadSide; locale: Locale }) {
  const { state, live } = useThread(kind, id);
  const printHref = kind === "visa" && id ? threadPrintHref(locale, id) : undefined;
  return <ThreadView state={state} side={side} locale={locale} live={live} printHref={printHref} />;
}

/** The page's own thread: its record is the one the address names. */
function PageThread({ locale, side = "agency" }: { locale: Locale; side?: ThreadSide }) {
  return <ThreadPanel kind="visa" id={routeIdOf(location.pathname)} side={side} locale={locale} />;
}

export default withI18n(PageThread);
