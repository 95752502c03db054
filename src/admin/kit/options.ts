/** Choices loaded from the API for selects and filters (countries, requirements, groups). */
import type { ListResponse, LocalizedText } from "../../contract/common";
import { intlLocales } from "../../components/ui/format";
import type { SelectOption } from "../../components/ui/Field";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { localized } from "./resource";

/** A complete-list answer, whether it came as `{ data, total }` or as a bare array. */
export async function wholeList<T>(path: string, query?: Record<string, string | number>): Promise<T[]> {
  const answer = await api.get<ListResponse<T> | T[]>(path, query ? { query } : {});
  return Array.isArray(answer) ? answer : answer.data;
}

/** Options from a list of records with localized names, sorted in the page's language. */
export function optionsOf<T extends { _id: string }>(rows: T[], label: (row: T) => LocalizedText | string, locale: Locale, prefix?: (row: T) => string): SelectOption[] {
  const collator = new Intl.Collator(intlLocales(locale));
  return rows
    .map((row) => {
      const text = label(row);
      const name = typeof text === "string" ? text : localized(text, locale);
      return { row, name };
    })
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ row, name }) => ({ value: row._id, label: prefix ? `${prefix(row)} ${name}` : name }));
}
