/**
 * /admin/requests-list: every visa request. Filters by status, agency, country, visa and filing dates; search by
 * applicant, passport number or reference; export in csv/xlsx/pdf with the same filters (requests/export-list).
 * The agency filter is the shared agency picker (agents/listAllAgents); a click on an agency's name in a row sets it.
 */
import { useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import type { VisaRequestSummary } from "../../contract/requests";
import { useT } from "../../lib/i18n";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { DateRangeFilter } from "../kit/ListFilters";
import { agencyOptions } from "../agents/agency-options";
import type { Column, FilterDef } from "../kit/resource";
import { createResourceStore } from "../kit/resource.store";
import { ResourceTable } from "../kit/ResourceTable";
import { useAddressFilters } from "../address-filters";
import { countryOptions, exportListPath, requestEndpoints, visaOptions } from "./api";
import { requestColumns } from "./requests.columns";
import { STATUS_LABEL, STATUS_ORDER } from "./status";

const filters: FilterDef[] = [
  { name: "agentId", label: "requests.columns.agency", options: agencyOptions },
  { name: "status", label: "requests.columns.status", options: { fixed: STATUS_ORDER.map((value) => ({ value, label: STATUS_LABEL[value] })) } },
  { name: "countryId", label: "requests.columns.country", options: countryOptions },
  { name: "visaId", label: "requests.columns.visa", options: visaOptions },
];

function RequestsListPage() {
  const t = useT();
  const store = useMemo(() => createResourceStore<VisaRequestSummary>({ endpoints: requestEndpoints, query: { sort: "createdAt", order: "desc" } }), []);
  // The dashboard links here with ?status=…, ?from=…&to=… (requests filed today).
  useAddressFilters(store, ["status", "from", "to", "agentId", "countryId", "visaId"]);
  // A request filed or corrected: its row and status as they are now (issue 26).
  useEffect(() => followRecords(["requests"], () => store.load()), [store]);
  // The agency cell filters the list by that agency.
  const columns = useMemo<Column<VisaRequestSummary>[]>(
    () =>
      requestColumns.map((column) =>
        column.key !== "agency"
          ? column
          : {
              ...column,
              render: (row) => (
                <button
                  type="button"
                  className="text-start underline-offset-2 hover:underline"
                  onClick={() => void store.setFilter("agentId", row.agency._id)}
                  title={t("adminRequests.filterByAgency", { name: row.agency.name })}
                  aria-label={t("adminRequests.filterByAgency", { name: row.agency.name })}
                >
                  {row.agency.name}
                </button>
              ),
            },
      ),
    [store, t],
  );
  return (
    <ResourceTable
      store={store}
      columns={columns}
      caption={t("pages.admin-requests-list.title")}
      searchLabel="adminRequests.search"
      emptyLabel="adminRequests.empty"
      filters={filters}
      moreFilters={
        <>
          <DateRangeFilter store={store} />
        </>
      }
      toolbar={<ExportButton endpoint={exportListPath} params={() => exportParams(store.$query.get())} fileName="visa-requests" />}
      testId="requests-table"
    />
  );
}

export default withI18n(RequestsListPage);
