/**
 * /admin/top-ups (issue 30 item 2): the office's queue of top-up requests and the payment instructions. How it looks
 * is TopUpQueueView's: the edge draws it too (issue 32), and this island takes it over when the admin reaches for a
 * control, or when a request comes in or is decided elsewhere (the "balance" topic; top-up-queue.client.ts).
 */
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "../../shared/locales";
import type { PaymentInstructions, TopUpRequestList } from "../../contract/credit";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { replaceQuery } from "../../lib/address";
import { followRecords } from "../../lib/record-changes";
import { INSTRUCTIONS_CALL, topUpFilterFromSearch, topUpSearchOf, type TopUpFilter } from "./top-up-queue";
import { TopUpQueueView } from "./TopUpQueueView";

function TopUpQueuePage({ locale }: { locale: Locale }) {
  // The address holds the filter (?status=): the island is only ever mounted in the browser, in place of the drawn
  // queue (which the edge drew for that address) or where the edge could not draw it.
  const [status, setStatus] = useState<TopUpFilter>(() => topUpFilterFromSearch(location.search));
  const [list, setList] = useState<TopUpRequestList | null>(null);
  const [instructions, setInstructions] = useState<PaymentInstructions | null>(null);
  const load = useCallback(async () => {
    setList(await api.get<TopUpRequestList>("top-up-requests", { query: { limit: 50, ...(status ? { status } : {}) } }));
  }, [status]);
  useEffect(() => {
    replaceQuery(topUpSearchOf(status));
    void load();
    return followRecords(["balance"], load);
  }, [load]);
  useEffect(() => {
    void api.get<PaymentInstructions>(INSTRUCTIONS_CALL).then(setInstructions);
  }, []);

  return (
    <TopUpQueueView
      locale={locale}
      status={status}
      list={list}
      instructions={instructions}
      actions={{
        filter: setStatus,
        decide: async (request, decision) => {
          try {
            await api.patch(`top-up-requests/${encodeURIComponent(request._id)}`, decision);
          } catch {
            // The client has shown the API's words; the queue is read again to show the request as it is now.
          }
          await load();
        },
        saveInstructions: async ({ en, ar, ku }) => {
          const stored = await api.patch<PaymentInstructions>(INSTRUCTIONS_CALL, { en, ar, ku });
          setInstructions(stored);
          return stored;
        },
      }}
    />
  );
}

export default withI18n(TopUpQueuePage);
