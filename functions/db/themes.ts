/** Reads and writes of site themes and their home-page banners. */
import { all, first } from "./d1";
import { sqlPart, type ListSpec } from "./paged";

export interface ThemeRow {
  id: string; name: string; active: number; light: string; dark: string; logo_key: string | null; created_at: string; updated_at: string;
}
export interface BannerRow {
  id: string; theme_id: string; file_key: string; position: number; title_en: string; title_ar: string; title_ku: string;
  link: string | null; created_at: string;
  /** The phone-size copy (migration 0016), when the admin's browser could make one. */
  phone_key: string | null;
}

export const themeSpec = (filters: { active?: "true" | "false" }): ListSpec => ({
  select: "t.*",
  from: sqlPart("FROM themes t"),
  where: [filters.active ? sqlPart("t.active = ?", filters.active === "true" ? 1 : 0) : null],
  search: ["t.name"],
  sortable: { name: "t.name COLLATE NOCASE", active: "t.active", createdAt: "t.created_at", updatedAt: "t.updated_at" },
  defaultSort: { key: "active", order: "desc" },
  tieBreaker: "t.id",
});

export const themeById = (db: D1Database, id: string) => first<ThemeRow>(db, "SELECT * FROM themes WHERE id = ?", id);
export const activeTheme = (db: D1Database) => first<ThemeRow>(db, "SELECT * FROM themes WHERE active = 1");
export const themeCount = async (db: D1Database) => (await first<{ n: number }>(db, "SELECT COUNT(*) AS n FROM themes"))?.n ?? 0;

export async function bannersOf(db: D1Database, themeIds: string[]): Promise<BannerRow[]> {
  if (themeIds.length === 0) return [];
  return all<BannerRow>(
    db,
    `SELECT * FROM theme_banners WHERE theme_id IN (${themeIds.map(() => "?").join(", ")}) ORDER BY theme_id, position, id`,
    ...themeIds,
  );
}

/** Clears the active flag of every other theme (first statement of the batch that activates one). */
export const deactivateOthersStatement = (db: D1Database, id: string, at: string) =>
  db.prepare("UPDATE themes SET active = 0, updated_at = ? WHERE active = 1 AND id <> ?").bind(at, id);

export const deleteBannerStatement = (db: D1Database, id: string) => db.prepare("DELETE FROM theme_banners WHERE id = ?").bind(id);

/** Writes a theme (active) unless one with this id, or another active theme, exists (the partial unique index). */
export const insertThemeIfMissing = (db: D1Database, t: { id: string; name: string; light: string; dark: string; at: string }) =>
  db
    .prepare("INSERT OR IGNORE INTO themes (id, name, active, light, dark, logo_key, created_at, updated_at) VALUES (?, ?, 1, ?, ?, NULL, ?, ?)")
    .bind(t.id, t.name, t.light, t.dark, t.at, t.at)
    .run();
