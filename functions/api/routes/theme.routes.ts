/**
 * theme/* (spec §7). Access: see routes/access.ts — anonymous visitors may read `theme/all?active=true` (and the theme
 * images), nothing else.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { themePatch } from "../../../src/contract/catalogue";
import { listQuery } from "../../../src/contract/common";
import { checkUpload } from "../../services/files";
import { listThemes, oneTheme, removeThemeImage, updateTheme } from "../../services/themes";
import { requireAdmin } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { ApiError } from "../errors";
import { multipartBody } from "../multipart";
import { catalogueDeps, idParam } from "../params";
import { jsonBody, parse, query } from "../validate";
import { requireReader } from "./access";

const themeListQuery = z.extend(listQuery, { active: z.optional(z.enum(["true", "false"], { error: "validation.invalid" })) });
const imageParam = z.object({ x: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" })) });
/** Files per PATCH: a logo and a few banners (each ≤ 10 MB, each with its phone copy); more banners take another PATCH. */
const MAX_FILES_PER_PATCH = 4;

const fieldError = (field: string, key: string) => new ApiError(400, [`${field}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: key } });

/**
 * PATCH theme/{id}: multipart ("data" JSON part, files "logo", "banner" and each banner's "bannerPhone") or, without
 * files, plain JSON.
 */
async function themeChange(c: AppContext) {
  if (/^application\/json/i.test(c.req.header("Content-Type") ?? "")) return { input: await jsonBody(c, themePatch), files: { banners: [] } };
  const form = await multipartBody(c, 2 * MAX_FILES_PER_PATCH);
  const data = form.get("data");
  const text = data instanceof File ? await data.text() : (data ?? "");
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw fieldError("data", "validation.json");
    }
  }
  const input = parse(themePatch, raw);
  const logos = form.getAll("logo");
  if (logos.length > 1) throw fieldError("logo", "validation.oneFile");
  const bannerParts = form.getAll("banner");
  const phoneParts = form.getAll("bannerPhone");
  if (logos.length + bannerParts.length > MAX_FILES_PER_PATCH) throw new ApiError(413, "errors.bodyTooLarge", "PAYLOAD_TOO_LARGE");
  // A banner's phone-size copy comes right after it, in the same order: none at all, or one per banner.
  if (phoneParts.length && phoneParts.length !== bannerParts.length) throw fieldError("bannerPhone", "validation.phoneCopy");
  const logo = logos.length ? await checkUpload(logos[0], "logo") : undefined;
  const banners = [];
  for (const [index, part] of bannerParts.entries()) {
    const file = await checkUpload(part, "banner");
    const phone = phoneParts.length ? await checkUpload(phoneParts[index], "bannerPhone") : undefined;
    if (phone && phone.size > file.size) throw fieldError("bannerPhone", "validation.phoneCopy");
    banners.push({ file, ...(phone ? { phone } : {}) });
  }
  return { input, files: { logo, banners } };
}

export const themeRoutes = new Hono<AppEnv>();

themeRoutes.get("/all", async (c, next) => {
  // The active theme is public (login page); any other theme query needs a session.
  if (c.req.query("active") !== "true") await requireReader(c, async () => undefined);
  return next();
}, async (c) => c.json(await listThemes(c.env.DB, query(c, themeListQuery))));

themeRoutes.get("/:id", requireReader, async (c) => c.json(await oneTheme(c.env.DB, idParam(c))));

themeRoutes.patch("/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  const { input, files } = await themeChange(c);
  return c.json(await updateTheme(catalogueDeps(c), id, input, files));
});

themeRoutes.delete("/:id/:x", requireAdmin, async (c) => {
  const id = idParam(c);
  const { x } = parse(imageParam, { x: c.req.param("x") });
  return c.json(await removeThemeImage(catalogueDeps(c), id, x));
});
