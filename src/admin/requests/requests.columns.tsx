/**
 * The columns of the admin's request tables (work queue and full list): the reference links to the request's page.
 * Applicant: the full name (or the four-part name) and the passport number the visa asked for.
 */
import { UnreadBadge } from "../../features/threads/UnreadBadge";
import type { VisaRequestSummary } from "../../contract/requests";
// The one component, not the ui barrel: the Worker draws these rows, and the barrel brings the dialogs (Headless UI).
import { Money } from "../../components/ui/Money";
import { localized, type Column } from "../kit/resource";
import { DateCell } from "../shared";
import { detailPath } from "./api";
import { StatusChip } from "./StatusChip";

export const applicantName = (row: Pick<VisaRequestSummary, "fields">) => row.fields.FullName || row.fields.FullQuadRupleName || "—";

export const requestColumns: Column<VisaRequestSummary>[] = [
  {
    key: "reference",
    label: "requests.columns.reference",
    sortable: true,
    primary: true,
    render: (row, { locale }) => (
      <>
        <a className="font-mono font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300" dir="ltr" href={detailPath(locale, row._id)} data-testid="request-link">
          {row.reference}
        </a>
        <UnreadBadge count={row.unreadMessages} />
      </>
    ),
  },
  {
    key: "applicant",
    label: "requests.columns.applicant",
    render: (row) => (
      <span className="flex flex-col">
        <span>{applicantName(row)}</span>
        {row.fields.PassportNumber && <span className="muted font-mono text-xs" dir="ltr">{row.fields.PassportNumber}</span>}
      </span>
    ),
  },
  {
    key: "visa",
    label: "requests.columns.visa",
    render: (row, { locale }) => (
      <span className="flex flex-col">
        <span>{localized(row.visa.title, locale)}</span>
        <span className="muted text-xs">{localized(row.visa.country.name, locale)}</span>
      </span>
    ),
  },
  { key: "agency", label: "requests.columns.agency", render: (row) => row.agency.name },
  { key: "status", label: "requests.columns.status", sortable: true, render: (row) => <StatusChip status={row.status} /> },
  {
    key: "price",
    label: "requests.columns.price",
    sortable: true,
    align: "end",
    render: (row) => (row.price === undefined ? "—" : <Money minor={row.price} currency={row.currency ?? "USD"} />),
  },
  { key: "createdAt", label: "requests.columns.createdAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.createdAt} locale={locale} timeZone={timeZone} /> },
];
