/**
 * Visas (issue 4; DESIGN §5): what an agency sees and pays is decided once, in db/visas.ts visaSpec — the group's
 * price when one is set, else the visa's; hidden from its group, disabled, or of a disabled country means invisible
 * (not listed, not found, not searchable, not orderable). Admins see everything, with basePrice and hiddenFromGroups.
 */
import type * as z from "zod/mini";
import type { FieldKind, Visa, VisaSummary, visaInput, visaPatch } from "../../src/contract/catalogue";
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { notFound } from "../errors";
import { countryById, countryByIdOrCode } from "../db/countries";
import { existingGroupIds } from "../db/groups";
import { nowIso, uuidv7 } from "../db/ids";
import { forViewer, listAll, mapPage, pagedList } from "../db/paged";
import { existingRequirementIds, requirementsOfVisa } from "../db/requirements";
import { bool, defined, insertStatement, localizedOf, localizedValues, updateStatement } from "../db/rows";
import {
  contentImageKeys, deleteVisaStatement, groupOfAgent, hiddenGroupStatements, insertContentImage, requirementLinkStatements,
  setVisaImage, visaIdOfFile, visaRowById, visaSpec, type VisaDetailRow, type VisaFilters, type VisaRow,
} from "../db/visas";
import { flagOf, type CatalogueDeps, type Viewer } from "./catalogue";
import { deleteFiles, fileUrl, storeFile, type Upload } from "./files";
import { requirementRecord } from "./requirements";
import { richContent } from "./rich-content";

type NewVisa = z.output<typeof visaInput>;
type VisaChange = z.output<typeof visaPatch>;
type VisaAnswer = VisaSummary & Pick<Visa, "basePrice" | "hiddenFromGroups">;

function summaryRecord(row: VisaRow, viewer: Viewer, currency: string): VisaAnswer {
  return {
    _id: row.id,
    country: {
      _id: row.country_id, code: row.country_code, flag: flagOf(row.country_code),
      name: { en: row.country_name_en, ar: row.country_name_ar, ku: row.country_name_ku },
    },
    title: localizedOf(row, "title"), description: localizedOf(row, "description"), image: fileUrl(row.image_key),
    // An agency's net prices are its own business: staff users see none (DESIGN §3).
    ...(!viewer.admin && viewer.staff ? {} : { price: row.price, currency }), processingDays: row.processing_days, validityDays: row.validity_days, entries: row.entries,
    travelMode: row.travel_mode, featured: row.featured === 1, enabled: row.enabled === 1,
    ...(viewer.admin ? { basePrice: row.base_price, hiddenFromGroups: row.hidden_groups ? row.hidden_groups.split(",").sort() : [] } : {}),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const parseFields = (json: string): FieldKind[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as FieldKind[]) : [];
  } catch {
    return [];
  }
};

/** visa/list: paged, filtered by country, travel mode, featured (and enabled, for admins), searchable. */
export async function listVisas(deps: CatalogueDeps, viewer: Viewer, query: ListQuery & VisaFilters): Promise<ListResponse<VisaAnswer>> {
  const { countryId, travelMode, featured, enabled } = query;
  const spec = forViewer(visaSpec(viewer, { countryId, travelMode, featured, enabled }), viewer.admin || !viewer.staff);
  const page = await pagedList<VisaRow>(deps.db, spec, query);
  return mapPage(page, (row) => summaryRecord(row, viewer, deps.currency));
}

/** visa/featured: the featured visas the caller may see, newest first. */
export const featuredVisas = (deps: CatalogueDeps, viewer: Viewer, query: ListQuery) =>
  listVisas(deps, viewer, { ...query, featured: "true" });

/** visa/latest: the visas the caller may see, newest first (unless another order is asked for). */
export const latestVisas = (deps: CatalogueDeps, viewer: Viewer, query: ListQuery) =>
  listVisas(deps, viewer, { ...query, sort: query.sort ?? "createdAt", order: query.order ?? "desc" });

/** visa/searchAvailableVisa/{country}/{mode}: by destination (country id or ISO code) and travel mode. */
export async function searchAvailableVisas(deps: CatalogueDeps, viewer: Viewer, country: string, travelMode: "Air" | "Land", query: ListQuery) {
  const row = await countryByIdOrCode(deps.db, country);
  if (!row || (!viewer.admin && row.enabled !== 1)) throw notFound("entity.country");
  return listVisas(deps, viewer, { ...query, countryId: row.id, travelMode });
}

/** visa/one/{id}: content sanitized again on the way out (DESIGN §11), requirements in order. */
export async function oneVisa(deps: CatalogueDeps, viewer: Viewer, id: string): Promise<Visa> {
  const [row] = await listAll<VisaDetailRow>(deps.db, visaSpec(viewer, { id }, true), 1);
  if (!row) throw notFound("entity.visa");
  const requirements = await requirementsOfVisa(deps.db, id);
  return {
    ...summaryRecord(row, viewer, deps.currency),
    content: (await richContent()).sanitizeLocalized(localizedOf(row, "content")),
    fields: parseFields(row.fields),
    requirements: requirements.map(requirementRecord),
  };
}

/**
 * The price an agency pays for a visa now (DESIGN §5): its group's price when set, else the visa's. Throws 404
 * "Visa not found" when the agency may not see it (hidden from its group, disabled, disabled country, unknown), so a
 * hidden visa cannot be ordered. `agentId` is the agency (for a staff user, their agency).
 */
export async function priceFor(db: D1Database, agentId: string, visaId: string): Promise<number> {
  const agent = await groupOfAgent(db, agentId);
  if (!agent) throw notFound("entity.agent");
  const [row] = await listAll<VisaRow>(db, visaSpec({ admin: false, agentId, groupId: agent.group_id }, { id: visaId }), 1);
  if (!row) throw notFound("entity.visa");
  return row.price;
}

const ADMIN: Viewer = { admin: true };

/**
 * Whether a caller may see a visa image (main or content image): admins always; an agency only when it may see the
 * visa itself (not hidden from its group, enabled, of an enabled country). A key of no visa is nobody's but admins'.
 */
export async function mayReadVisaFile(db: D1Database, viewer: Viewer, key: string): Promise<boolean> {
  if (viewer.admin) return true;
  const owner = await visaIdOfFile(db, key);
  if (!owner) return false;
  return (await listAll<VisaRow>(db, visaSpec(viewer, { id: owner }), 1)).length > 0;
}

async function assertReferences(db: D1Database, input: { countryId?: string; requirementIds?: string[] }): Promise<void> {
  if (input.countryId !== undefined && !(await countryById(db, input.countryId))) throw notFound("entity.country");
  if (input.requirementIds?.length) {
    const found = await existingRequirementIds(db, input.requirementIds);
    if (input.requirementIds.some((rid) => !found.has(rid))) throw notFound("entity.requirement");
  }
}

const unique = <T>(list: T[]) => [...new Set(list)];

function visaColumns(input: VisaChange) {
  return defined({
    country_id: input.countryId, ...localizedValues("title", input.title), ...localizedValues("description", input.description),
    ...localizedValues("content", input.content), price: input.price, processing_days: input.processingDays,
    validity_days: input.validityDays, entries: input.entries, travel_mode: input.travelMode, featured: bool(input.featured),
    enabled: bool(input.enabled), fields: input.fields === undefined ? undefined : JSON.stringify(unique(input.fields)),
  });
}

/** POST visa: content is sanitized before it is stored. */
export async function createVisa(deps: CatalogueDeps, input: NewVisa): Promise<Visa> {
  await assertReferences(deps.db, input);
  const id = uuidv7();
  const now = nowIso();
  const content = (await richContent()).sanitizeLocalized(input.content);
  await deps.db.batch([
    insertStatement(deps.db, "visas", { id, ...visaColumns({ ...input, content }), created_at: now, updated_at: now }),
    ...requirementLinkStatements(deps.db, id, unique(input.requirementIds)),
  ]);
  return oneVisa(deps, ADMIN, id);
}

/** PATCH visa/{id}: only the named fields change; a new requirement list replaces the old one. */
export async function updateVisa(deps: CatalogueDeps, id: string, input: VisaChange): Promise<Visa> {
  if (!(await visaRowById(deps.db, id))) throw notFound("entity.visa");
  await assertReferences(deps.db, input);
  const content = input.content === undefined ? undefined : (await richContent()).sanitizeLocalized(input.content);
  const columns = visaColumns({ ...input, content });
  const statements = [
    Object.keys(columns).length || input.requirementIds ? updateStatement(deps.db, "visas", id, { ...columns, updated_at: nowIso() }) : null,
    ...(input.requirementIds ? requirementLinkStatements(deps.db, id, unique(input.requirementIds)) : []),
  ].filter((s): s is D1PreparedStatement => s !== null);
  if (statements.length) await deps.db.batch(statements);
  return oneVisa(deps, ADMIN, id);
}

/** DELETE visa/{id}: the row (with its prices, links and hiding) and then its images in R2. */
export async function deleteVisa(deps: CatalogueDeps, id: string): Promise<{ _id: string; deleted: true }> {
  const row = await visaRowById(deps.db, id);
  if (!row) throw notFound("entity.visa");
  const keys = [row.image_key, ...(await contentImageKeys(deps.db, id))];
  await deleteVisaStatement(deps.db, id).run();
  await deleteFiles(deps.files, keys);
  return { _id: id, deleted: true };
}

/** POST visa/image/{id}: the new main image replaces the old one, whose object is then removed. */
export async function setMainImage(deps: CatalogueDeps, id: string, upload: Upload): Promise<Visa> {
  const row = await visaRowById(deps.db, id);
  if (!row) throw notFound("entity.visa");
  const key = await storeFile(deps.files, "visa", upload);
  try {
    await setVisaImage(deps.db, id, key, nowIso());
  } catch (error) {
    await deleteFiles(deps.files, [key]);
    throw error;
  }
  await deleteFiles(deps.files, [row.image_key]);
  return oneVisa(deps, ADMIN, id);
}

/**
 * DELETE visa/image/{id} (our addition to the API): the visa has no main image any more (cards show the flag), and
 * the object goes from R2 after the row no longer points at it. Removing an absent image is not an error.
 */
export async function removeMainImage(deps: CatalogueDeps, id: string): Promise<Visa> {
  const row = await visaRowById(deps.db, id);
  if (!row) throw notFound("entity.visa");
  if (row.image_key) {
    await setVisaImage(deps.db, id, null, nowIso());
    await deleteFiles(deps.files, [row.image_key]);
  }
  return oneVisa(deps, ADMIN, id);
}

/** POST visa/uploadContentImage/{id}: an image for the rich content; answers its URL for the editor. */
export async function addContentImage(deps: CatalogueDeps, id: string, upload: Upload): Promise<{ url: string }> {
  if (!(await visaRowById(deps.db, id))) throw notFound("entity.visa");
  const key = await storeFile(deps.files, "visa", upload);
  try {
    await insertContentImage(deps.db, id, key, nowIso());
  } catch (error) {
    await deleteFiles(deps.files, [key]);
    throw error;
  }
  return { url: fileUrl(key)! };
}

/** POST visa/set-hide-from-group/{id}: the complete list of groups the visa is hidden from (empty: shown to all). */
export async function setHiddenFromGroups(deps: CatalogueDeps, id: string, groupIds: string[]): Promise<Visa> {
  if (!(await visaRowById(deps.db, id))) throw notFound("entity.visa");
  const ids = unique(groupIds);
  const found = await existingGroupIds(deps.db, ids);
  if (ids.some((gid) => !found.has(gid))) throw notFound("entity.group");
  await deps.db.batch([...hiddenGroupStatements(deps.db, id, ids), updateStatement(deps.db, "visas", id, { updated_at: nowIso() })!]);
  return oneVisa(deps, ADMIN, id);
}
