/** Countries of the catalogue: admins manage them; agencies see the enabled ones. */
import type { Country } from "../../src/contract/catalogue";
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { notFound } from "../errors";
import { countryById, countrySpec, deleteCountryRow, type CountryRow } from "../db/countries";
import { nowIso, uuidv7 } from "../db/ids";
import { listAll, mapPage, pagedList, wholeList } from "../db/paged";
import { bool, defined, insertStatement, localizedOf, localizedValues, updateStatement } from "../db/rows";
import { countVisasOfCountry } from "../db/visas";
import { conflict, flagOf, uniqueOr409, type Viewer } from "./catalogue";

export interface CountryFields {
  name?: { en: string; ar: string; ku: string };
  code?: string;
  enabled?: boolean;
}

export function countryRecord(row: CountryRow, viewer: Viewer): Country {
  return {
    _id: row.id, name: localizedOf(row, "name"), code: row.code, flag: flagOf(row.code), enabled: row.enabled === 1,
    ...(viewer.admin && row.visa_count !== undefined ? { visaCount: row.visa_count } : {}),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** countries/list: paged, searchable in every language and by code. */
export async function listCountries(db: D1Database, viewer: Viewer, query: ListQuery & { enabled?: "true" | "false" }): Promise<ListResponse<Country>> {
  return mapPage(await pagedList<CountryRow>(db, countrySpec(viewer.admin, query), query), (row) => countryRecord(row, viewer));
}

/** countries/complete-list: every country the caller may see, by name (for pickers). */
export async function allCountries(db: D1Database, viewer: Viewer) {
  return wholeList((await listAll<CountryRow>(db, countrySpec(viewer.admin, {}))).map((row) => countryRecord(row, viewer)));
}

/** countries/one/{id}: a disabled country is invisible to agencies. */
export async function oneCountry(db: D1Database, viewer: Viewer, id: string): Promise<Country> {
  const row = await countryById(db, id);
  if (!row || (!viewer.admin && row.enabled !== 1)) throw notFound("entity.country");
  return countryRecord(row, viewer);
}

const ADMIN: Viewer = { admin: true };
const codeTaken = () => ["errors.countryCodeTaken", "COUNTRY_CODE_TAKEN", "code"] as const;

export async function createCountry(db: D1Database, input: Required<CountryFields>): Promise<Country> {
  const id = uuidv7();
  const now = nowIso();
  await uniqueOr409(
    () => insertStatement(db, "countries", { id, code: input.code, ...localizedValues("name", input.name), enabled: input.enabled ? 1 : 0, created_at: now, updated_at: now }).run(),
    ...codeTaken(),
  );
  return oneCountry(db, ADMIN, id);
}

export async function updateCountry(db: D1Database, id: string, input: CountryFields): Promise<Country> {
  if (!(await countryById(db, id))) throw notFound("entity.country");
  const columns = defined({ code: input.code, ...localizedValues("name", input.name), enabled: bool(input.enabled) });
  const statement = updateStatement(db, "countries", id, { ...columns, updated_at: nowIso() });
  if (statement && Object.keys(columns).length) await uniqueOr409(() => statement.run(), ...codeTaken());
  return oneCountry(db, ADMIN, id);
}

/** A country that visas still use cannot go (409): the admin moves or deletes those visas first. */
export async function deleteCountry(db: D1Database, id: string): Promise<{ _id: string; deleted: true }> {
  if (!(await countryById(db, id))) throw notFound("entity.country");
  if ((await countVisasOfCountry(db, id)) > 0) throw conflict("errors.countryInUse", "COUNTRY_IN_USE");
  try {
    await deleteCountryRow(db, id);
  } catch (error) {
    // A visa added between the check and the delete: the foreign key refuses, the answer is the same 409.
    if (error instanceof Error && /FOREIGN KEY/i.test(error.message)) throw conflict("errors.countryInUse", "COUNTRY_IN_USE");
    throw error;
  }
  return { _id: id, deleted: true };
}
