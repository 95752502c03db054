/** Small helpers shared by the catalogue tables: per-language columns and column updates written by our own code. */
import type { LocalizedText } from "../../src/contract/common";
import { LOCALES } from "../../src/shared/locales";
import type { Param } from "./d1";

/** Tables whose rows the catalogue services update column by column. */
export type CatalogueTable =
  | "countries" | "visa_requirements" | "visas" | "groups" | "group_prices" | "themes" | "theme_banners" | "translation_services" | "translation_languages";

/** "c.name_en, c.name_ar, c.name_ku" */
export const localizedColumns = (alias: string, base: string) => LOCALES.map((l) => `${alias}.${base}_${l}`).join(", ");

/** { en, ar, ku } from the columns base_en, base_ar, base_ku of a row. */
export function localizedOf(row: object, base: string): LocalizedText {
  const r = row as Record<string, unknown>;
  return Object.fromEntries(LOCALES.map((l) => [l, String(r[`${base}_${l}`] ?? "")])) as LocalizedText;
}

/** The column values base_en, base_ar, base_ku of a localized text (for inserts and updates). */
export function localizedValues(base: string, value: LocalizedText | undefined): Record<string, Param> {
  if (!value) return {};
  return Object.fromEntries(LOCALES.map((l) => [`${base}_${l}`, value[l]]));
}

/** An UPDATE of the named columns of one row; column names come from our own code, never from the request. */
export function updateStatement(db: D1Database, table: CatalogueTable, id: string, columns: Record<string, Param>): D1PreparedStatement | null {
  const names = Object.keys(columns);
  if (names.length === 0) return null;
  return db.prepare(`UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(", ")} WHERE id = ?`).bind(...names.map((n) => columns[n] ?? null), id);
}

/** An INSERT of the named columns; column names come from our own code. */
export function insertStatement(db: D1Database, table: CatalogueTable, columns: Record<string, Param>): D1PreparedStatement {
  const names = Object.keys(columns);
  return db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).bind(...names.map((n) => columns[n] ?? null));
}

export const bool = (value: boolean | undefined): Param | undefined => (value === undefined ? undefined : value ? 1 : 0);

/** Drops undefined entries so a partial patch only writes what it names. */
export const defined = (columns: Record<string, Param | undefined>): Record<string, Param> =>
  Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Record<string, Param>;
