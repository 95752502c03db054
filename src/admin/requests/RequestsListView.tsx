/**
 * /admin/requests-list as it looks (RequestsListPage wires it to its store): every visa request in the kit's table,
 * its filters, the export. Props only, so the edge draws it (issue 32: hydrated at load, the page's 97 kB island
 * blocked a phone's main thread); without handlers its controls wait for the island, which a press brings (and
 * makes again).
 */
import type { ReactNode } from "react";
import type { VisaRequestSummary } from "../../contract/requests";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { DateRangeFields } from "../kit/DateRangeFields";
import { ExportButtons } from "../kit/ExportButtons";
import { listSearchOf } from "../kit/list-query";
import type { Column, FilterDef, OptionsSource } from "../kit/resource";
import { ResourceTableView, type TableHandlers, type TableState } from "../kit/ResourceTableView";
import { requestColumns } from "./requests.columns";
import { REQUESTS_BASE_QUERY } from "./requests-list";
import { STATUS_LABEL, STATUS_ORDER } from "./status";

export interface RequestsListViewProps {
  locale: Locale;
  timeZone?: string;
  table: TableState<VisaRequestSummary>;
  /** The pickers' choices: drawn by the edge from its own calls, loaded by the island. */
  agencies: OptionsSource;
  countries: OptionsSource;
  visas: OptionsSource;
  on?: TableHandlers;
  /** A click on a row's agency: its requests only. */
  onAgency?: (agencyId: string) => void;
  /** The filing dates and the export as wired to the store; drawn from the table's query when not given. */
  dates?: ReactNode;
  exports?: ReactNode;
  awaitsFirst?: boolean;
}

export function RequestsListView({ locale, timeZone, table, agencies, countries, visas, on, onAgency, dates, exports, awaitsFirst }: RequestsListViewProps) {
  const t = useT();
  const filters: FilterDef[] = [
    { name: "agentId", label: "requests.columns.agency", options: agencies },
    { name: "status", label: "requests.columns.status", options: { fixed: STATUS_ORDER.map((value) => ({ value, label: STATUS_LABEL[value] })) } },
    { name: "countryId", label: "requests.columns.country", options: countries },
    { name: "visaId", label: "requests.columns.visa", options: visas },
  ];
  // The agency cell filters the list by that agency.
  const columns: Column<VisaRequestSummary>[] = requestColumns.map((column) =>
    column.key !== "agency"
      ? column
      : {
          ...column,
          render: (row) => (
            <button
              type="button"
              className="text-start underline-offset-2 hover:underline"
              onClick={() => onAgency?.(row.agency._id)}
              title={t("adminRequests.filterByAgency", { name: row.agency.name })}
              aria-label={t("adminRequests.filterByAgency", { name: row.agency.name })}
            >
              {row.agency.name}
            </button>
          ),
        },
  );
  const { from, to } = table.query.filters;
  return (
    <ResourceTableView
      state={table}
      on={on}
      locale={locale}
      timeZone={timeZone}
      awaitsFirst={awaitsFirst}
      columns={columns}
      caption={t("pages.admin-requests-list.title")}
      searchLabel="adminRequests.search"
      emptyLabel="adminRequests.empty"
      filters={filters}
      moreFilters={dates ?? <DateRangeFields start={from ?? ""} end={to ?? ""} />}
      toolbar={exports ?? <ExportButtons />}
      testId="requests-table"
      pageHref={(page) => listSearchOf({ ...table.query, page }, REQUESTS_BASE_QUERY)}
    />
  );
}
