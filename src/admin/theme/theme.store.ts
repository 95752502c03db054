/**
 * The themes of the site (spec §9): the list (GET theme/all), the one being edited, and the calls that change it.
 * PATCH theme/{id} is multipart: a "data" part with the JSON of themePatch, and files "logo" or "banner" (with its
 * phone-size copy, "bannerPhone", when the browser could make one: phone-copy.ts).
 */
import { atom } from "nanostores";
import type { Theme } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import type { HttpLike } from "../kit/resource.store";
import { upload, type UploadOptions } from "../kit/upload";
import { phoneCopy } from "./phone-copy";

export type Uploader = <T>(path: string, body: FormData, options?: UploadOptions) => Promise<T>;

/** The themes' call (every theme, by name): the island's, and the edge's when it draws the page (src/admin/edge-pages.ts). */
export const THEMES_CALL = "theme/all";
export const THEMES_QUERY = { page: 1, limit: 100, sort: "name", order: "asc" } as const;

/** The multipart body of PATCH theme/{id}. */
export function themeForm(data: object, files: { logo?: File; banner?: File; bannerPhone?: File | null } = {}): FormData {
  const form = new FormData();
  form.append("data", JSON.stringify(data));
  if (files.logo) form.append("logo", files.logo, files.logo.name);
  if (files.banner) form.append("banner", files.banner, files.banner.name);
  if (files.banner && files.bannerPhone) form.append("bannerPhone", files.bannerPhone, files.bannerPhone.name);
  return form;
}

/**
 * `drawn`: the themes the edge read to draw the page (issue 32), given instead of asked for; the island in the browser
 * gets none and is loading until its own answer is there.
 */
export function createThemeStore(http: HttpLike = api, send: Uploader = upload, makePhoneCopy: (file: File) => Promise<File | null> = phoneCopy, drawn?: readonly Theme[]) {
  const $themes = atom<Theme[]>(drawn ? [...drawn] : []);
  const $loading = atom(!drawn);
  const $error = atom<unknown>(null);

  function replace(theme: Theme): Theme {
    // Activating one theme deactivates the others (the API does the same).
    $themes.set($themes.get().map((t) => (t._id === theme._id ? theme : theme.active ? { ...t, active: false } : t)));
    return theme;
  }

  async function load(): Promise<void> {
    $loading.set(true);
    $error.set(null);
    try {
      const answer = await http.get<ListResponse<Theme>>(THEMES_CALL, { query: THEMES_QUERY });
      $themes.set(answer.data);
    } catch (error) {
      $error.set(error);
    } finally {
      $loading.set(false);
    }
  }

  /** Colours, name and banner texts (validated input of themePatch). */
  async function save(id: string, input: object): Promise<Theme> {
    return replace(await send<Theme>(`theme/${encodeURIComponent(id)}`, themeForm(input), { method: "PATCH" }));
  }

  async function activate(id: string): Promise<Theme> {
    return replace(await send<Theme>(`theme/${encodeURIComponent(id)}`, themeForm({ active: true }), { method: "PATCH" }));
  }

  async function uploadImage(id: string, which: "logo" | "banner", file: File, options?: UploadOptions): Promise<Theme> {
    const files = which === "banner" ? { banner: file, bannerPhone: await makePhoneCopy(file) } : { logo: file };
    return replace(await send<Theme>(`theme/${encodeURIComponent(id)}`, themeForm({}, files), { ...options, method: "PATCH" }));
  }

  /** DELETE theme/{id}/{x}: "logo", or a banner's key. */
  async function removeImage(id: string, which: string): Promise<Theme> {
    return replace(await http.delete<Theme>(`theme/${encodeURIComponent(id)}/${encodeURIComponent(which)}`));
  }

  return { $themes, $loading, $error, load, save, activate, uploadImage, removeImage };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;
