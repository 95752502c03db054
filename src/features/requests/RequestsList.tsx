/**
 * /requests: the agency's visa requests (the list's store wired to RequestsListView). The edge draws the first view
 * for the address's filters; this island comes when the agent reaches for a control, or at once when the edge could
 * not draw (functions/edge/views/requests.tsx).
 */
import { useStore } from "../../lib/use-store";
import { useEffect } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import {
  $exporting, $filters, $filtersOpen, $list, $searchText, applySearch, clearFilters, clearStatuses, exportList, goToPage, reloadList, setDates, startList,
  toggleFilters, toggleStatus, typeSearch,
} from "./list.store";
import { RequestsListView, type ListActions } from "./RequestsListView";

export { applicantName } from "./RequestsListView";

const actions: ListActions = {
  typeSearch,
  applySearch: () => void applySearch(),
  setDates: (from, to) => void setDates(from, to),
  toggleStatus: (status) => void toggleStatus(status),
  clearStatuses: () => void clearStatuses(),
  clearFilters: () => void clearFilters(),
  exportList: (format) => void exportList(format),
  goToPage: (page) => void goToPage(page),
  retry: () => void reloadList(),
  toggleFilters,
};

function RequestsList({ locale }: { locale: Locale }) {
  useEffect(() => {
    void startList();
    const onPop = () => void startList();
    window.addEventListener("popstate", onPop);
    // A request filed, moved or corrected elsewhere: statuses and counts as they are now (issue 26).
    const stop = followRecords(["requests"], () => reloadList());
    return () => {
      stop();
      window.removeEventListener("popstate", onPop);
    };
  }, []);
  return (
    <RequestsListView
      locale={locale}
      filters={useStore($filters)}
      searchText={useStore($searchText)}
      state={useStore($list)}
      exporting={useStore($exporting)}
      filtersOpen={useStore($filtersOpen)}
      actions={actions}
    />
  );
}

export default withI18n(RequestsList);
