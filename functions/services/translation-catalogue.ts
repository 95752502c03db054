/**
 * Translation languages and services (issue 12): admins manage them; agencies (agents and staff) read the enabled
 * ones. A service's price per page is what the agency pays (no group prices for translation); staff see no money.
 */
import type * as z from "zod/mini";
import type { ListResponse } from "../../src/contract/common";
import type {
  TranslationLanguage, TranslationService, translationLanguageInput, translationLanguageListQuery, translationLanguagePatch,
  translationServiceInput, translationServiceListQuery, translationServicePatch,
} from "../../src/contract/translation";
import { ApiError, notFound } from "../errors";
import { nowIso, uuidv7 } from "../db/ids";
import { forViewer, mapPage, pagedList } from "../db/paged";
import { bool, defined, insertStatement, localizedOf, localizedValues, updateStatement } from "../db/rows";
import {
  allLanguages, languageById, languageSpec, languagesByIds, serviceById, serviceSpec, servicesUsingLanguage, type LanguageRow, type ServiceRow,
} from "../db/translation";
import type { Principal } from "./accounts";
import { conflict, uniqueOr409 } from "./catalogue";

const isAdmin = (p: Principal) => p.kind === "Admin";

// ── Languages ────────────────────────────────────────────────────────────────────────────────────
export function languageRecord(row: LanguageRow): TranslationLanguage {
  return { _id: row.id, code: row.code, name: localizedOf(row, "name"), enabled: row.enabled === 1, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listLanguages(db: D1Database, principal: Principal, query: z.output<typeof translationLanguageListQuery>): Promise<ListResponse<TranslationLanguage>> {
  return mapPage(await pagedList<LanguageRow>(db, languageSpec(isAdmin(principal), query), query), languageRecord);
}

export async function oneLanguage(db: D1Database, principal: Principal, id: string): Promise<TranslationLanguage> {
  const row = await languageById(db, id);
  if (!row || (!isAdmin(principal) && row.enabled !== 1)) throw notFound("translation.entity.language");
  return languageRecord(row);
}

const codeTaken = () => ["translation.errors.codeTaken", "LANGUAGE_CODE_TAKEN", "code"] as const;

export async function createLanguage(db: D1Database, principal: Principal, input: z.output<typeof translationLanguageInput>) {
  const id = uuidv7();
  const now = nowIso();
  await uniqueOr409(
    () => insertStatement(db, "translation_languages", { id, code: input.code, ...localizedValues("name", input.name), enabled: input.enabled ? 1 : 0, created_at: now, updated_at: now }).run(),
    ...codeTaken(),
  );
  return oneLanguage(db, principal, id);
}

export async function updateLanguage(db: D1Database, principal: Principal, id: string, input: z.output<typeof translationLanguagePatch>) {
  if (!(await languageById(db, id))) throw notFound("translation.entity.language");
  const columns = defined({ code: input.code, ...localizedValues("name", input.name), enabled: bool(input.enabled) });
  const statement = updateStatement(db, "translation_languages", id, { ...columns, updated_at: nowIso() });
  if (statement) await uniqueOr409(() => statement.run(), ...codeTaken());
  return oneLanguage(db, principal, id);
}

/** A language a service still offers cannot go (409): orders keep their own copy of the names anyway. */
export async function deleteLanguage(db: D1Database, id: string) {
  if (!(await languageById(db, id))) throw notFound("translation.entity.language");
  if ((await servicesUsingLanguage(db, id)) > 0) throw conflict("translation.errors.languageInUse", "LANGUAGE_IN_USE");
  await db.prepare("DELETE FROM translation_languages WHERE id = ?").bind(id).run();
  return { _id: id, deleted: true as const };
}

// ── Services ─────────────────────────────────────────────────────────────────────────────────────
function parseIds(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** A service as the caller sees it: agencies only its enabled languages, staff no price. */
export function serviceRecord(row: ServiceRow, languages: Map<string, LanguageRow>, principal: Principal, currency: string): TranslationService {
  const ids = parseIds(row.languages);
  const admin = isAdmin(principal);
  const offered = ids.map((lid) => languages.get(lid)).filter((l): l is LanguageRow => Boolean(l) && (admin || l!.enabled === 1));
  return {
    _id: row.id,
    name: localizedOf(row, "name"),
    description: localizedOf(row, "description"),
    ...(principal.kind !== "User" ? { pricePerPage: row.price_per_page, currency } : {}),
    languages: admin ? ids : offered.map((l) => l.id),
    languageList: offered.map((l) => ({ _id: l.id, code: l.code, name: localizedOf(l, "name") })),
    turnaroundDays: row.turnaround_days,
    certified: row.certified === 1,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const languageMap = async (db: D1Database) => new Map((await allLanguages(db)).map((l) => [l.id, l]));

export async function listServices(
  db: D1Database, principal: Principal, currency: string, query: z.output<typeof translationServiceListQuery>,
): Promise<ListResponse<TranslationService>> {
  const [page, languages] = await Promise.all([pagedList<ServiceRow>(db, forViewer(serviceSpec(isAdmin(principal), query), principal.kind !== "User"), query), languageMap(db)]);
  return mapPage(page, (row) => serviceRecord(row, languages, principal, currency));
}

export async function oneService(db: D1Database, principal: Principal, currency: string, id: string): Promise<TranslationService> {
  const row = await serviceById(db, id);
  if (!row || (!isAdmin(principal) && row.enabled !== 1)) throw notFound("translation.entity.service");
  return serviceRecord(row, await languageMap(db), principal, currency);
}

/** Every named language must exist (400 naming the entry otherwise); duplicates are dropped. */
async function checkLanguages(db: D1Database, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await languagesByIds(db, unique)).map((l) => l.id));
  const missing = ids.findIndex((lid) => !found.has(lid));
  if (missing >= 0) throw new ApiError(400, [`languages.${missing}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: "validation.unknownLanguage" } });
  if (unique.length < 2) throw new ApiError(400, ["languages: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.twoLanguages" } });
  return unique;
}

function serviceColumns(input: z.output<typeof translationServicePatch>, languages: string[] | undefined) {
  return defined({
    ...localizedValues("name", input.name),
    ...localizedValues("description", input.description),
    price_per_page: input.pricePerPage,
    languages: languages ? JSON.stringify(languages) : undefined,
    turnaround_days: input.turnaroundDays,
    certified: bool(input.certified),
    enabled: bool(input.enabled),
  });
}

export async function createService(db: D1Database, principal: Principal, currency: string, input: z.output<typeof translationServiceInput>) {
  const languages = await checkLanguages(db, input.languages);
  const id = uuidv7();
  const now = nowIso();
  await insertStatement(db, "translation_services", { id, ...serviceColumns(input, languages), created_at: now, updated_at: now }).run();
  return oneService(db, principal, currency, id);
}

export async function updateService(db: D1Database, principal: Principal, currency: string, id: string, input: z.output<typeof translationServicePatch>) {
  if (!(await serviceById(db, id))) throw notFound("translation.entity.service");
  const languages = input.languages ? await checkLanguages(db, input.languages) : undefined;
  const statement = updateStatement(db, "translation_services", id, { ...serviceColumns(input, languages), updated_at: nowIso() });
  if (statement) await statement.run();
  return oneService(db, principal, currency, id);
}

/** Orders keep their own copy of the service, so a service can go; disabling it is the usual way. */
export async function deleteService(db: D1Database, id: string) {
  if (!(await serviceById(db, id))) throw notFound("translation.entity.service");
  await db.prepare("DELETE FROM translation_services WHERE id = ?").bind(id).run();
  return { _id: id, deleted: true as const };
}
