/** Visa requirements (documents or information a visa asks for): admins manage them; agencies read them. */
import type * as z from "zod/mini";
import type { VisaRequirement, requirementInput, requirementPatch } from "../../src/contract/catalogue";
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { notFound } from "../errors";
import { nowIso, uuidv7 } from "../db/ids";
import { listAll, mapPage, pagedList, wholeList } from "../db/paged";
import { deleteRequirementRow, requirementById, requirementSpec, type RequirementRow } from "../db/requirements";
import { bool, defined, insertStatement, localizedOf, localizedValues, updateStatement } from "../db/rows";

export const requirementRecord = (row: RequirementRow): VisaRequirement => ({
  _id: row.id, name: localizedOf(row, "name"), description: localizedOf(row, "description"), kind: row.kind,
  required: row.required === 1, createdAt: row.created_at, updatedAt: row.updated_at,
});

type Fields = z.output<typeof requirementPatch>;

export async function listRequirements(db: D1Database, query: ListQuery & { kind?: string }): Promise<ListResponse<VisaRequirement>> {
  return mapPage(await pagedList<RequirementRow>(db, requirementSpec(query), query), requirementRecord);
}

export async function allRequirements(db: D1Database) {
  return wholeList((await listAll<RequirementRow>(db, requirementSpec({}))).map(requirementRecord));
}

export async function oneRequirement(db: D1Database, id: string): Promise<VisaRequirement> {
  const row = await requirementById(db, id);
  if (!row) throw notFound("entity.requirement");
  return requirementRecord(row);
}

export async function createRequirement(db: D1Database, input: z.output<typeof requirementInput>): Promise<VisaRequirement> {
  const id = uuidv7();
  const now = nowIso();
  await insertStatement(db, "visa_requirements", {
    id, ...localizedValues("name", input.name), ...localizedValues("description", input.description), kind: input.kind,
    required: input.required ? 1 : 0, created_at: now, updated_at: now,
  }).run();
  return oneRequirement(db, id);
}

export async function updateRequirement(db: D1Database, id: string, input: Fields): Promise<VisaRequirement> {
  if (!(await requirementById(db, id))) throw notFound("entity.requirement");
  const columns = defined({
    ...localizedValues("name", input.name), ...localizedValues("description", input.description), kind: input.kind, required: bool(input.required),
  });
  if (Object.keys(columns).length) await updateStatement(db, "visa_requirements", id, { ...columns, updated_at: nowIso() })!.run();
  return oneRequirement(db, id);
}

/** Deleting a requirement also removes it from every visa that asked for it. */
export async function deleteRequirement(db: D1Database, id: string): Promise<{ _id: string; deleted: true }> {
  if (!(await requirementById(db, id))) throw notFound("entity.requirement");
  await deleteRequirementRow(db, id);
  return { _id: id, deleted: true };
}
