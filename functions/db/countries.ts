/** Reads and writes of countries. */
import { first, run } from "./d1";
import type { ListSpec, Sql } from "./paged";
import { sqlPart } from "./paged";

export interface CountryRow {
  id: string; code: string; name_en: string; name_ar: string; name_ku: string; enabled: number;
  created_at: string; updated_at: string; visa_count?: number;
}

/** Countries as a caller sees them: agents and staff only enabled ones; admins all, with how many visas use each. */
export function countrySpec(admin: boolean, filters: { enabled?: "true" | "false" }): ListSpec {
  const where: Sql[] = [];
  if (!admin) where.push(sqlPart("c.enabled = 1"));
  if (filters.enabled) where.push(sqlPart("c.enabled = ?", filters.enabled === "true" ? 1 : 0));
  return {
    select: admin ? "c.*, (SELECT COUNT(*) FROM visas v WHERE v.country_id = c.id) AS visa_count" : "c.*",
    from: sqlPart("FROM countries c"),
    where,
    search: ["c.name_en", "c.name_ar", "c.name_ku", "c.code"],
    sortable: {
      name: "c.name_en COLLATE NOCASE", "name.en": "c.name_en COLLATE NOCASE", "name.ar": "c.name_ar", "name.ku": "c.name_ku",
      code: "c.code", enabled: "c.enabled", createdAt: "c.created_at", updatedAt: "c.updated_at",
      ...(admin ? { visaCount: "visa_count" } : {}),
    },
    defaultSort: { key: "name", order: "asc" },
    tieBreaker: "c.id",
  };
}

export const countryById = (db: D1Database, id: string) =>
  first<CountryRow>(db, "SELECT c.*, (SELECT COUNT(*) FROM visas v WHERE v.country_id = c.id) AS visa_count FROM countries c WHERE c.id = ?", id);

/** A country by id, or by its ISO code (visa/searchAvailableVisa accepts either). */
export const countryByIdOrCode = (db: D1Database, idOrCode: string) =>
  first<CountryRow>(db, "SELECT * FROM countries WHERE id = ?1 OR code = upper(?1) LIMIT 1", idOrCode);

export const deleteCountryRow = (db: D1Database, id: string) => run(db, "DELETE FROM countries WHERE id = ?", id);

