/** Reads and writes of visa requirements (the documents and information a visa asks for). */
import { all, first, run } from "./d1";
import { sqlPart, type ListSpec } from "./paged";

export interface RequirementRow {
  id: string; name_en: string; name_ar: string; name_ku: string; description_en: string; description_ar: string; description_ku: string;
  kind: "document" | "information"; required: number; created_at: string; updated_at: string;
}

export function requirementSpec(filters: { kind?: string }): ListSpec {
  return {
    select: "r.*",
    from: sqlPart("FROM visa_requirements r"),
    where: [filters.kind ? sqlPart("r.kind = ?", filters.kind) : null],
    search: ["r.name_en", "r.name_ar", "r.name_ku", "r.description_en", "r.description_ar", "r.description_ku"],
    sortable: {
      name: "r.name_en COLLATE NOCASE", "name.en": "r.name_en COLLATE NOCASE", "name.ar": "r.name_ar", "name.ku": "r.name_ku",
      kind: "r.kind", required: "r.required", createdAt: "r.created_at", updatedAt: "r.updated_at",
    },
    defaultSort: { key: "name", order: "asc" },
    tieBreaker: "r.id",
  };
}

export const requirementById = (db: D1Database, id: string) => first<RequirementRow>(db, "SELECT * FROM visa_requirements WHERE id = ?", id);

/** The ids among `ids` that exist. */
export async function existingRequirementIds(db: D1Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await all<{ id: string }>(db, `SELECT id FROM visa_requirements WHERE id IN (${ids.map(() => "?").join(", ")})`, ...ids);
  return new Set(rows.map((r) => r.id));
}

/** Deleting a requirement also removes it from every visa (ON DELETE CASCADE of the links). */
export const deleteRequirementRow = (db: D1Database, id: string) => run(db, "DELETE FROM visa_requirements WHERE id = ?", id);

/** The requirements of a visa, in the order the admin chose. */
export const requirementsOfVisa = (db: D1Database, visaId: string) =>
  all<RequirementRow>(
    db,
    "SELECT r.* FROM visa_requirement_links l JOIN visa_requirements r ON r.id = l.requirement_id WHERE l.visa_id = ? ORDER BY l.position",
    visaId,
  );
