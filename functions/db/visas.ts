/**
 * Reads and writes of visas, with the two rules of DESIGN §5 written once, in visaSpec: what an agency may see
 * (enabled visa of an enabled country, not hidden from its group) and what it pays (its group's price, else the visa's).
 */
import { all, first } from "./d1";
import { sqlPart, type ListSpec, type Sql } from "./paged";

/** Who looks at the catalogue: an admin sees everything; an agency (agent or staff) sees through its group. */
/** `staff`: a staff user of the agency (kind User), who sees the catalogue but never a price (DESIGN §3). */
export type Viewer = { admin: true } | { admin: false; agentId: string; groupId: string | null; staff?: boolean };

export interface VisaRow {
  id: string; country_id: string; title_en: string; title_ar: string; title_ku: string;
  description_en: string; description_ar: string; description_ku: string; image_key: string | null;
  /** The caller's price (see visaSpec). */
  price: number; base_price: number;
  processing_days: number; validity_days: number; entries: "single" | "multiple"; travel_mode: "Air" | "Land";
  featured: number; enabled: number; created_at: string; updated_at: string;
  country_code: string; country_name_en: string; country_name_ar: string; country_name_ku: string;
  /** Admins: comma-separated ids of the groups the visa is hidden from. */
  hidden_groups?: string | null;
}

export interface VisaDetailRow extends VisaRow {
  content_en: string; content_ar: string; content_ku: string; fields: string;
}

export interface VisaFilters {
  countryId?: string;
  travelMode?: "Air" | "Land";
  featured?: "true" | "false";
  /** Admins only: agencies never see disabled visas. */
  enabled?: "true" | "false";
  id?: string;
}

const SUMMARY = `v.id, v.country_id, v.title_en, v.title_ar, v.title_ku, v.description_en, v.description_ar, v.description_ku,
  v.image_key, v.price AS base_price, v.processing_days, v.validity_days, v.entries, v.travel_mode, v.featured, v.enabled,
  v.created_at, v.updated_at, c.code AS country_code, c.name_en AS country_name_en, c.name_ar AS country_name_ar, c.name_ku AS country_name_ku`;
const DETAIL = "v.content_en, v.content_ar, v.content_ku, v.fields";

/** The visas a viewer may see, priced for them, filtered. `detail` adds content and applicant fields. */
export function visaSpec(viewer: Viewer, filters: VisaFilters, detail = false): ListSpec {
  const where: (Sql | null)[] = [
    filters.id ? sqlPart("v.id = ?", filters.id) : null,
    filters.countryId ? sqlPart("v.country_id = ?", filters.countryId) : null,
    filters.travelMode ? sqlPart("v.travel_mode = ?", filters.travelMode) : null,
    filters.featured ? sqlPart("v.featured = ?", filters.featured === "true" ? 1 : 0) : null,
  ];
  let from: Sql;
  let price: string;
  if (viewer.admin) {
    from = sqlPart("FROM visas v JOIN countries c ON c.id = v.country_id");
    price = "v.price";
    if (filters.enabled) where.push(sqlPart("v.enabled = ?", filters.enabled === "true" ? 1 : 0));
  } else {
    // A NULL group matches no price and no hiding: an agency without a group pays the visa's price and sees every visa.
    from = sqlPart(
      `FROM visas v JOIN countries c ON c.id = v.country_id
       LEFT JOIN group_prices gp ON gp.visa_id = v.id AND gp.group_id = ?
       LEFT JOIN visa_hidden_groups h ON h.visa_id = v.id AND h.group_id = ?`,
      viewer.groupId, viewer.groupId,
    );
    price = "COALESCE(gp.price, v.price)";
    where.push(sqlPart("h.visa_id IS NULL AND v.enabled = 1 AND c.enabled = 1"));
  }
  const hidden = viewer.admin ? ", (SELECT group_concat(hg.group_id) FROM visa_hidden_groups hg WHERE hg.visa_id = v.id) AS hidden_groups" : "";
  return {
    select: `${SUMMARY}, ${price} AS price${hidden}${detail ? `, ${DETAIL}` : ""}`,
    from,
    where,
    search: ["v.title_en", "v.title_ar", "v.title_ku", "v.description_en", "v.description_ar", "v.description_ku", "c.name_en", "c.name_ar", "c.name_ku", "c.code"],
    sortable: {
      title: "v.title_en COLLATE NOCASE", "title.en": "v.title_en COLLATE NOCASE", "title.ar": "v.title_ar", "title.ku": "v.title_ku",
      country: "c.name_en COLLATE NOCASE", price, processingDays: "v.processing_days", validityDays: "v.validity_days",
      travelMode: "v.travel_mode", featured: "v.featured", enabled: "v.enabled", createdAt: "v.created_at", updatedAt: "v.updated_at",
    },
    moneySorts: ["price"],
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "v.id",
  };
}

/** The group of an agency (null when it has none). */
export const groupOfAgent = async (db: D1Database, agentId: string) =>
  (await first<{ group_id: string | null }>(db, "SELECT group_id FROM agents WHERE id = ?", agentId)) ?? null;

/** Plain row for admin writes (no pricing, no visibility). */
export const visaRowById = (db: D1Database, id: string) =>
  first<{ id: string; image_key: string | null; country_id: string }>(db, "SELECT id, image_key, country_id FROM visas WHERE id = ?", id);

export const visaExists = async (db: D1Database, id: string) => Boolean(await first(db, "SELECT 1 FROM visas WHERE id = ?", id));

export const countVisasOfCountry = async (db: D1Database, countryId: string) =>
  (await first<{ n: number }>(db, "SELECT COUNT(*) AS n FROM visas WHERE country_id = ?", countryId))?.n ?? 0;

/** Replaces the requirement list of a visa (statements for one batch). */
export function requirementLinkStatements(db: D1Database, visaId: string, requirementIds: string[]): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM visa_requirement_links WHERE visa_id = ?").bind(visaId),
    ...requirementIds.map((rid, position) =>
      db.prepare("INSERT INTO visa_requirement_links (visa_id, requirement_id, position) VALUES (?, ?, ?)").bind(visaId, rid, position),
    ),
  ];
}

/** Replaces the set of groups a visa is hidden from (statements for one batch). */
export function hiddenGroupStatements(db: D1Database, visaId: string, groupIds: string[]): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM visa_hidden_groups WHERE visa_id = ?").bind(visaId),
    ...groupIds.map((gid) => db.prepare("INSERT INTO visa_hidden_groups (visa_id, group_id) VALUES (?, ?)").bind(visaId, gid)),
  ];
}

export const contentImageKeys = async (db: D1Database, visaId: string) =>
  (await all<{ file_key: string }>(db, "SELECT file_key FROM visa_content_images WHERE visa_id = ?", visaId)).map((r) => r.file_key);

export const insertContentImage = (db: D1Database, visaId: string, key: string, at: string) =>
  db.prepare("INSERT INTO visa_content_images (file_key, visa_id, created_at) VALUES (?, ?, ?)").bind(key, visaId, at).run();

export const setVisaImage = (db: D1Database, id: string, key: string | null, at: string) =>
  db.prepare("UPDATE visas SET image_key = ?, updated_at = ? WHERE id = ?").bind(key, at, id).run();

export const deleteVisaStatement = (db: D1Database, id: string) => db.prepare("DELETE FROM visas WHERE id = ?").bind(id);


/** The visa a stored image belongs to (its main image or one of its content images). */
export const visaIdOfFile = async (db: D1Database, key: string) =>
  (await first<{ id: string }>(db, "SELECT id FROM visas WHERE image_key = ?1 UNION SELECT visa_id AS id FROM visa_content_images WHERE file_key = ?1 LIMIT 1", key))?.id ?? null;
