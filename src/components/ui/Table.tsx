/**
 * Table pieces: a scrolling frame with a sticky header, and a sortable column header (a real button, announced
 * with aria-sort on its cell). Alignment uses logical sides, so columns mirror in right-to-left pages.
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from "./icons";
import type { ReactNode, ThHTMLAttributes } from "react";

export function Table({ caption, children, testId, className = "" }: { caption: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={`max-h-[70dvh] overflow-auto ${className}`}>
      <table className="w-full border-separate border-spacing-0 text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const headerCellClass =
  "sticky top-0 z-10 bg-[var(--surface)] border-b border-[var(--border)] px-3 py-2.5 font-semibold whitespace-nowrap";
export const cellClass = "border-b border-[var(--border)] px-3 py-2.5 align-middle";

export type SortOrder = "asc" | "desc";

export interface SortHeaderProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, "onClick"> {
  label: string;
  /** The current order when the table is sorted by this column. */
  active: SortOrder | null;
  onSort: () => void;
  /** What a press does, for assistive technology ("Sort by Name"). */
  sortLabel: string;
}

/** `className` sets the alignment ("text-end" for numbers); headers start-align otherwise. */
export function SortHeader({ label, active, onSort, sortLabel, className = "text-start", ...rest }: SortHeaderProps) {
  const Icon = active === "asc" ? ArrowUp : active === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active === "asc" ? "ascending" : active === "desc" ? "descending" : "none"} className={`${headerCellClass} ${className}`} {...rest}>
      <button
        type="button"
        onClick={onSort}
        title={sortLabel}
        className="inline-flex items-center gap-1 rounded-full -mx-2 px-2 py-0.5 cursor-pointer hover:bg-[color-mix(in_srgb,var(--text)_8%,transparent)]"
      >
        {label}
        <Icon size={16} aria-hidden="true" className={active ? "text-primary-700 dark:text-primary-300" : "muted"} />
      </button>
    </th>
  );
}
