/**
 * /admin/requests-list: every visa request. Filters by status, agency, country, visa and filing dates; search by
 * applicant, passport number or reference; export in csv/xlsx/pdf with the same filters (requests/export-list).
 * The agency filter is the shared agency picker (agents/listAllAgents); a click on an agency's name in a row sets it.
 * The edge draws the page (RequestsListView, src/admin/edge-pages.ts; issue 32); this island takes it over when the
 * admin reaches for a control or a request changes.
 */
import { useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import type { VisaRequestSummary } from "../../contract/requests";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { usePageLocale } from "../kit/hooks";
import { DateRangeFilter } from "../kit/ListFilters";
import { agencyOptions } from "../agents/agency-options";
import { createResourceStore } from "../kit/resource.store";
import { tableHandlers, useTableState } from "../kit/ResourceTable";
import { useAddressFilters } from "../address-filters";
import { countryOptions, exportListPath, requestEndpoints, visaOptions } from "./api";
import { REQUESTS_BASE_QUERY, REQUEST_ADDRESS_FILTERS } from "./requests-list";
import { RequestsListView } from "./RequestsListView";

function RequestsListPage() {
  const store = useMemo(() => createResourceStore<VisaRequestSummary>({ endpoints: requestEndpoints, query: REQUESTS_BASE_QUERY }), []);
  useAddressFilters(store, REQUEST_ADDRESS_FILTERS);
  // A request filed or corrected: its row and status as they are now (issue 26).
  useEffect(() => followRecords(["requests"], () => store.load()), [store]);
  return (
    <RequestsListView
      locale={usePageLocale()}
      table={useTableState(store)}
      agencies={agencyOptions}
      countries={countryOptions}
      visas={visaOptions}
      on={tableHandlers(store)}
      onAgency={(id) => void store.setFilter("agentId", id)}
      dates={<DateRangeFilter store={store} />}
      exports={<ExportButton endpoint={exportListPath} params={() => exportParams(store.$query.get())} fileName="visa-requests" />}
    />
  );
}

export default withI18n(RequestsListPage);
