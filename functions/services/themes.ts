/**
 * Site themes (spec §9): light and dark colours, a logo and home-page banners. At most one theme is active; the edge
 * paints its colours into every page (activeThemeStyle) and the login page shows its logo, so the active theme and its
 * images are the only things anonymous visitors may read. There is no "create theme" call in the spec: when no theme
 * exists yet (a fresh production database), the built-in default is written on first read.
 */
import { themeColours, themePatch, type Theme, type ThemeBanner } from "../../src/contract/catalogue";
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { ApiError, notFound } from "../errors";
import { nowIso, uuidv7 } from "../db/ids";
import { pagedList } from "../db/paged";
import { insertStatement, localizedOf, localizedValues, updateStatement } from "../db/rows";
import {
  activeTheme, bannersOf, deactivateOthersStatement, deleteBannerStatement, insertThemeIfMissing, themeById, themeCount, themeSpec,
  type BannerRow, type ThemeRow,
} from "../db/themes";
import type * as z from "zod/mini";
import type { CatalogueDeps } from "./catalogue";
import { deleteFiles, fileUrl, storeFile, type Upload } from "./files";

type Colours = z.infer<typeof themeColours>;
type ThemePatch = z.infer<typeof themePatch>;

export const MAX_BANNERS = 10;

/** Spec §9: amber/gold primary, blue accent; the same values src/styles/global.css starts from. */
export const DEFAULT_COLOURS: { light: Colours; dark: Colours } = {
  light: { primary: "#f59e0b", accent: "#3b82f6", background: "#f8f7f4", surface: "#ffffff", text: "#1c1917" },
  dark: { primary: "#fbbf24", accent: "#60a5fa", background: "#121110", surface: "#1c1b19", text: "#f5f5f4" },
};
const DEFAULT_THEME_ID = "default";

function coloursOf(json: string, fallback: Colours): Colours {
  try {
    const parsed = themeColours.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

function bannerRecord(row: BannerRow): ThemeBanner {
  return {
    key: row.id, url: fileUrl(row.file_key)!, ...(row.phone_key ? { phoneUrl: fileUrl(row.phone_key)! } : {}),
    title: localizedOf(row, "title"), ...(row.link ? { link: row.link } : {}),
  };
}

function themeRecord(row: ThemeRow, banners: BannerRow[]): Theme {
  return {
    _id: row.id, name: row.name, active: row.active === 1,
    light: coloursOf(row.light, DEFAULT_COLOURS.light), dark: coloursOf(row.dark, DEFAULT_COLOURS.dark),
    logo: fileUrl(row.logo_key), banners: banners.filter((b) => b.theme_id === row.id).map(bannerRecord),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** A fresh database has no theme: write the built-in default (active) once. */
async function ensureTheme(db: D1Database): Promise<void> {
  if ((await themeCount(db)) > 0) return;
  await insertThemeIfMissing(db, { id: DEFAULT_THEME_ID, name: "Default", light: JSON.stringify(DEFAULT_COLOURS.light), dark: JSON.stringify(DEFAULT_COLOURS.dark), at: nowIso() });
}

/** theme/all: paged; `active=true` answers the active theme only (what anonymous visitors may ask for). */
export async function listThemes(db: D1Database, query: ListQuery & { active?: "true" | "false" }): Promise<ListResponse<Theme>> {
  await ensureTheme(db);
  const page = await pagedList<ThemeRow>(db, themeSpec(query), query);
  const banners = await bannersOf(db, page.data.map((t) => t.id));
  return { ...page, data: page.data.map((row) => themeRecord(row, banners)) };
}

export async function oneTheme(db: D1Database, id: string): Promise<Theme> {
  await ensureTheme(db);
  const row = await themeById(db, id);
  if (!row) throw notFound("entity.theme");
  return themeRecord(row, await bannersOf(db, [row.id]));
}

const fieldError = (field: string, key: string) => new ApiError(400, [`${field}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: key } });

/**
 * PATCH theme/{id}: colours, name, active flag, banner texts and order, a new logo and new banners in one change.
 * Every check runs before anything is written; new files are removed again if the database write fails; a replaced
 * logo's object is removed after the write.
 */
export interface ThemeFiles {
  logo?: Upload;
  /** New banners, each with its phone-size copy when the admin's browser made one. */
  banners: { file: Upload; phone?: Upload }[];
}

export async function updateTheme(deps: CatalogueDeps, id: string, input: ThemePatch, files: ThemeFiles): Promise<Theme> {
  const { db } = deps;
  await ensureTheme(db);
  const row = await themeById(db, id);
  if (!row) throw notFound("entity.theme");
  const existing = await bannersOf(db, [id]);
  const known = new Set(existing.map((b) => b.id));
  input.banners?.forEach((banner, index) => {
    if (!known.has(banner.key)) throw fieldError(`banners.${index}.key`, "validation.id");
  });
  if (existing.length + files.banners.length > MAX_BANNERS) throw fieldError("banner", "validation.tooManyBanners");

  // Order: the banners named in the patch first, in its order; the others after, as they were; new ones last.
  const named = new Map((input.banners ?? []).map((b, index) => [b.key, { ...b, index }]));
  const ordered = [...existing].sort((a, b) => (named.get(a.id)?.index ?? MAX_BANNERS + a.position) - (named.get(b.id)?.index ?? MAX_BANNERS + b.position));

  const uploaded: string[] = [];
  try {
    const logoKey = files.logo ? await storeFile(deps.files, "theme", files.logo) : undefined;
    if (logoKey) uploaded.push(logoKey);
    const newBanners: { id: string; key: string; phoneKey: string | null }[] = [];
    for (const banner of files.banners) {
      const key = await storeFile(deps.files, "theme", banner.file);
      uploaded.push(key);
      const phoneKey = banner.phone ? await storeFile(deps.files, "theme", banner.phone) : null;
      if (phoneKey) uploaded.push(phoneKey);
      newBanners.push({ id: uuidv7(), key, phoneKey });
    }
    const now = nowIso();
    const columns = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
      ...(input.light ? { light: JSON.stringify(input.light) } : {}),
      ...(input.dark ? { dark: JSON.stringify(input.dark) } : {}),
      ...(logoKey ? { logo_key: logoKey } : {}),
      updated_at: now,
    };
    await db.batch([
      ...(input.active ? [deactivateOthersStatement(db, id, now)] : []),
      updateStatement(db, "themes", id, columns)!,
      ...ordered.map((banner, position) => {
        const text = named.get(banner.id);
        return updateStatement(db, "theme_banners", banner.id, {
          position, ...(text ? { ...localizedValues("title", text.title), link: text.link || null } : {}),
        })!;
      }),
      ...newBanners.map((banner, index) =>
        insertStatement(db, "theme_banners", {
          id: banner.id, theme_id: id, file_key: banner.key, phone_key: banner.phoneKey, position: ordered.length + index, created_at: now,
        }),
      ),
    ]);
  } catch (error) {
    await deleteFiles(deps.files, uploaded).catch(() => undefined);
    throw error;
  }
  if (files.logo) await deleteFiles(deps.files, [row.logo_key]);
  forgetThemeStyle();
  return oneTheme(db, id);
}

/** DELETE theme/{id}/{x}: x = "logo" removes the logo, otherwise x is a banner's key. The R2 object goes too. */
export async function removeThemeImage(deps: CatalogueDeps, id: string, which: string): Promise<Theme> {
  const { db } = deps;
  const row = await themeById(db, id);
  if (!row) throw notFound("entity.theme");
  let keys: (string | null)[];
  if (which === "logo") {
    keys = [row.logo_key];
    if (!row.logo_key) throw notFound("entity.file");
    await updateStatement(db, "themes", id, { logo_key: null, updated_at: nowIso() })!.run();
  } else {
    const banner = (await bannersOf(db, [id])).find((b) => b.id === which);
    if (!banner) throw notFound("entity.file");
    keys = [banner.file_key, banner.phone_key];
    await db.batch([
      deleteBannerStatement(db, banner.id),
      updateStatement(db, "themes", id, { updated_at: nowIso() })!,
    ]);
  }
  await deleteFiles(deps.files, keys);
  forgetThemeStyle();
  return oneTheme(db, id);
}

// ── The active theme's colours at the edge ──────────────────────────────────────────────────────

const STYLE_TTL_MS = 60_000;

/** What the edge puts into every page of the active theme: its colours, and its banners for the home page. */
export interface EdgeTheme {
  /** Custom properties for <style> in <head> ("" for none). */
  css: string;
  /**
   * The home carousel's banners, drawn by the edge (functions/edge/banners.ts): [] when there is no active theme or
   * it has none (the welcome panel); null when the theme could not be read (the page's script reads it then).
   */
  banners: ThemeBanner[] | null;
}
const NO_THEME: EdgeTheme = { css: "", banners: [] };
const UNREAD_THEME: EdgeTheme = { css: "", banners: null };

/**
 * The theme last read, as a VALUE, never a promise: a pending read belongs to the request that started it (workerd ties
 * its I/O to that request: another request awaiting it was the "Cannot perform I/O on behalf of a different request"
 * of wrangler dev, and it dies with the first request when that one is cancelled). Requests that find nothing cached
 * each read for themselves, which costs two small D1 queries per page while the cache is cold.
 */
let styleCache: { at: number; value: EdgeTheme } | null = null;
/** Bumped by forgetThemeStyle: a read that began before a theme change must not store the old colours after it. */
let styleGeneration = 0;

/** After a theme change this isolate paints the new colours at once; other isolates within a minute. */
export function forgetThemeStyle(): void {
  styleCache = null;
  styleGeneration++;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const mix = (colour: string, percent: number, other: string) => `color-mix(in srgb, ${colour} ${percent}%, ${other})`;

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const hexOf = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const luminance = (hex: string) => {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const x = v / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
/** WCAG contrast ratio of two #rrggbb colours. */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/**
 * `colour` mixed toward the palette's text colour (black-ish on light palettes, white-ish on dark ones) — at most
 * `percent` % of it kept — until it reaches `ratio` (WCAG AA 4.5:1 plus a margin) on both surfaces of the palette.
 */
export function readableShade(colour: string, c: Colours, percent: number, ratio = 4.8): string {
  const towards = luminance(c.surface) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const base = rgbOf(colour);
  for (let keep = percent; keep >= 0; keep -= 5) {
    const shade = hexOf(base.map((v, i) => (v * keep + towards[i]! * (100 - keep)) / 100));
    if (contrast(shade, c.surface) >= ratio && contrast(shade, c.background) >= ratio) return shade;
  }
  return c.text;
}

/**
 * The CSS custom properties of src/styles/global.css for one palette: the primary and accent scales derived from one
 * colour each, and the surface/text variables the light/dark split already uses.
 */
function paletteCss(c: Colours): string {
  const p = c.primary;
  const a = c.accent;
  const vars: Record<string, string> = {
    "--color-primary-50": mix(p, 10, "#ffffff"), "--color-primary-100": mix(p, 20, "#ffffff"), "--color-primary-200": mix(p, 40, "#ffffff"),
    "--color-primary-300": mix(p, 65, "#ffffff"), "--color-primary-400": mix(p, 85, "#ffffff"), "--color-primary-500": p,
    "--color-primary-600": mix(p, 85, "#000000"),
    // Shades used for text (links, labels) stay readable on this palette's surfaces whatever colour the admin picked.
    "--color-primary-700": readableShade(p, c, 70), "--color-primary-800": readableShade(p, c, 55, 7),
    "--color-accent-500": a, "--color-accent-600": mix(a, 85, "#000000"), "--color-accent-700": readableShade(a, c, 70),
    "--surface": c.surface, "--surface-2": c.background, "--text": c.text,
    "--text-muted": mix(c.text, 68, c.background), "--border": mix(c.text, 22, c.surface),
  };
  return Object.entries(vars).map(([name, value]) => `${name}:${value}`).join(";");
}

/** The whole <style> text for a theme, or "" when a colour is not a plain #rrggbb (never inject anything else). */
export function themeStyleCss(light: Colours, dark: Colours): string {
  if (![...Object.values(light), ...Object.values(dark)].every((v) => HEX.test(v))) return "";
  return `html:not([data-theme="dark"]){${paletteCss(light)}}html[data-theme="dark"]{${paletteCss(dark)}}`;
}

/**
 * The active theme for the edge, read at most once a minute per isolate; nothing when none. A failed read answers
 * nothing for this page only (not cached), so one D1 hiccup does not leave the site unthemed for a minute.
 */
export async function activeThemeForEdge(db: D1Database | undefined, now = Date.now()): Promise<EdgeTheme> {
  if (!db) return UNREAD_THEME;
  if (styleCache && now - styleCache.at < STYLE_TTL_MS) return styleCache.value;
  const generation = styleGeneration;
  let value: EdgeTheme;
  try {
    const row = await activeTheme(db);
    value = row
      ? {
          css: themeStyleCss(coloursOf(row.light, DEFAULT_COLOURS.light), coloursOf(row.dark, DEFAULT_COLOURS.dark)),
          banners: (await bannersOf(db, [row.id])).map(bannerRecord),
        }
      : NO_THEME;
  } catch {
    return UNREAD_THEME;
  }
  if (generation === styleGeneration) styleCache = { at: now, value };
  return value;
}

/** The active theme's CSS for the edge ("" when none or on any failure). */
export async function activeThemeStyle(db: D1Database | undefined, now = Date.now()): Promise<string> {
  return (await activeThemeForEdge(db, now)).css;
}
