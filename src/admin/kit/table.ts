/**
 * What a table of the kit is made of (columns, select filters and their options), apart from resource.ts: these types
 * import no store, so a table the edge draws (ResourceTableView, issue 9) can use them.
 */
import type { ReactNode } from "react";
import type { SelectOption } from "../../components/ui/Field";
import type { TFn } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

export interface RenderContext {
  locale: Locale;
  t: TFn;
  /** The zone dates are shown in: the reader's (from the `tz` cookie) when the edge draws; the browser's when unset. */
  timeZone?: string;
}

export interface Column<T> {
  key: string;
  /** Message key of the header. */
  label: string;
  /** Sortable by the API's sort name: `key` when true, or a name per language ("name.ar" sorts Arabic names). */
  sortable?: boolean | ((locale: Locale) => string);
  render: (row: T, ctx: RenderContext) => ReactNode;
  /** Numbers and money line up at the inline end. */
  align?: "start" | "end";
  /** Shown as the title of the row's card on small screens. */
  primary?: boolean;
  className?: string;
}

/**
 * Options of a select: fixed (labels are message keys), loaded (labels already in the page's language), or already
 * loaded (the edge drew them from its own call, labels in the page's language).
 */
export type OptionsSource =
  | { fixed: readonly { value: string; label: string }[] }
  | { load: (locale: Locale) => Promise<SelectOption[]> }
  | { ready: readonly SelectOption[] };

export interface FilterDef {
  name: string;
  /** Message key of the label. */
  label: string;
  options: OptionsSource;
}
