/**
 * Columns of the ledger tables (the agent's statement and history, the admin's ledger): the amount signed and
 * coloured by direction (with a word, never colour alone), the running balance (`balanceAfter`), the request a row
 * belongs to. Dates and money through the format helpers, in the page's language.
 */
import { ArrowDownLeft, ArrowUpRight } from "../../components/ui/icons";
import type { Transaction } from "../../contract/transactions";
import { formatDate } from "../../components/ui/format";
import { Money } from "../../components/ui/Money";
import type { Column } from "../../admin/kit/table";
import { TYPE_LABEL, signedAmount } from "./ledger";

export function TypeCell({ row, label }: { row: Transaction; label: string }) {
  const incoming = row.direction === "Incoming";
  const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="tx-type" data-type={row.type}>
      <Icon size={18} aria-hidden="true" className={`flip-rtl ${incoming ? "text-success-600" : "text-error-600"}`} />
      {label}
    </span>
  );
}

export function AmountCell({ row }: { row: Transaction }) {
  const signed = signedAmount(row);
  return (
    // Sign and amount read as one left-to-right unit in every language ("−US$ 140.00"), never broken over two lines
    // (issue 26: in a narrow Arabic column "−US$" and "١٤٠٫٠٠" wrapped apart).
    <bdi dir="ltr" className="whitespace-nowrap font-semibold" data-testid="tx-amount" data-minor={signed}>
      {signed > 0 ? "+" : "−"}
      <Money minor={Math.abs(signed)} currency={row.currency} />
    </bdi>
  );
}

export const dateColumn: Column<Transaction> = {
  key: "createdAt",
  label: "transactions.columns.date",
  sortable: true,
  primary: true,
  // In the reader's zone: the edge knows it from the `tz` cookie, the browser is in it.
  render: (row, { locale, timeZone }) => (
    <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) })}</time>
  ),
};

export const typeColumn: Column<Transaction> = {
  key: "type",
  label: "transactions.columns.type",
  sortable: true,
  render: (row, { t }) => <TypeCell row={row} label={t(TYPE_LABEL[row.type])} />,
};

export const amountColumn: Column<Transaction> = {
  key: "amount",
  label: "transactions.columns.amount",
  sortable: true,
  align: "end",
  render: (row) => <AmountCell row={row} />,
};

export const balanceAfterColumn: Column<Transaction> = {
  key: "balanceAfter",
  label: "transactions.columns.balanceAfter",
  align: "end",
  render: (row) => (
    <span data-testid="tx-balance" data-minor={row.balanceAfter}>
      <Money minor={row.balanceAfter} currency={row.currency} />
    </span>
  ),
};

/** The request an Order or Refund belongs to, linked to its page (`href` per audience: agent or admin). */
export const requestColumn = (href: (locale: string, id: string) => string): Column<Transaction> => ({
  key: "request",
  label: "transactions.columns.request",
  render: (row, { locale }) =>
    row.reference ? (
      <a className="font-mono text-primary-800 underline-offset-2 hover:underline dark:text-primary-300" dir="ltr" href={href(locale, row.reference)}>
        {row.requestReference ?? row.reference}
      </a>
    ) : (
      <span className="muted">—</span>
    ),
});

export const noteColumn: Column<Transaction> = {
  key: "note",
  label: "transactions.columns.note",
  render: (row) => <span className="line-clamp-2">{row.note ?? ""}</span>,
};

export const byColumn: Column<Transaction> = {
  key: "createdBy",
  label: "transactions.columns.createdBy",
  render: (row) => row.createdBy?.name ?? "—",
};
