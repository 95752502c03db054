/**
 * Issue 32: the theme page (/admin/theme) is drawn by the edge (src/admin/edge-pages.ts, ThemePage from the themes it
 * reads), no longer hydrated at load: the picker with every theme, and the active theme open as the island shows it once
 * its themes are there — its name, its light and dark colours in their fields and the preview, its logo and its banners
 * numbered in the page's digits with their titles — in the first HTML, with nothing left loading.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNumber } from "../../src/shared/format";
import { call, cookieHeader, createAdmin, signIn } from "./fixtures";
import { drawnView, pagesAs } from "./edge-drawn";
import { adminToken, expectStatus, multipart, pngFile } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
const LIGHT = { primary: "#0a7c5a", accent: "#7c3aed", background: "#fbfaf7", surface: "#fffefd", text: "#201d1a" };
const DARK = { primary: "#f0b429", accent: "#93c5fd", background: "#15130f", surface: "#22201e", text: "#f4f4f0" };
const TITLE_AR = `تأشيرات الصيف ${stamp}`;
let adminCookie: string;
let active: { _id: string; name: string };
const other = { id: `theme-${stamp}`, name: `Night ${stamp} <script>alert(1)</script>` };

beforeAll(async () => {
  const admin = await adminToken();
  active = (await expectStatus(await call("GET", "/theme/all?active=true", { token: admin }), 200)).data[0];
  active.name = `Office ${stamp}`;
  // The active theme: its own name and colours, a logo and one banner with its titles.
  const withImages = await expectStatus(await multipart("PATCH", `/theme/${active._id}`, admin, { data: "{}", logo: pngFile("logo.png"), banner: pngFile("wide.png") }), 200);
  const banner = withImages.banners[0].key as string;
  const titles = { banners: [{ key: banner, title: { en: `Summer visas ${stamp}`, ar: TITLE_AR, ku: `ڤیزای هاوین ${stamp}` }, link: "/visa/" }] };
  await expectStatus(await call("PATCH", `/theme/${active._id}`, { token: admin, body: { name: active.name, light: LIGHT, dark: DARK, ...titles } }), 200);
  // A theme not active (the API makes none: the database has it), its name typed by a person.
  await env.DB.prepare("INSERT INTO themes (id, name, active, light, dark, created_at, updated_at) VALUES (?, ?, 0, ?, ?, ?, ?)")
    .bind(other.id, other.name, JSON.stringify(DARK), JSON.stringify(LIGHT), new Date().toISOString(), new Date().toISOString())
    .run();
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

const page = pagesAs(() => adminCookie);
const drawn = (html: string) => drawnView(html, "admin-theme");
/** The drawn value of the field with that test id (a colour's hex code, the name), null when there is no such field. */
const valueIn = (view: string, testId: string) => {
  const tag = new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(view)?.[0];
  return tag ? (/ value="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
};
const colourIn = (view: string, field: string) => valueIn(view, `field-${field}`);

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/theme drawn by the edge", { timeout: 30_000 }, () => {
  it("carries every theme and the active one open: its name, colours, preview, logo and banner, in Arabic and its digits", async () => {
    const html = await page("/ar/admin/theme/");
    const view = drawn(html);
    expect(view, "the themes are drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    // Nothing left loading (the island's skeleton), and no time zone: the page shows no date, so it is never redrawn for one.
    expect(view).not.toContain('aria-busy="true"');
    expect(view).not.toContain("data-edge-time-zone");

    // The picker: both themes, the active one pressed and marked, the other's name as text.
    const options = [...view!.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*data-testid="theme-option"[^>]*>([\s\S]*?)<\/button>/g)];
    expect(options).toHaveLength(2);
    const pressed = options.filter(([, on]) => on === "true");
    expect(pressed).toHaveLength(1);
    expect(pressed[0]![2]).toContain(active.name);
    expect(pressed[0]![2]).toContain("مفعّلة");
    expect(view).toContain("Night " + stamp + " &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view).not.toContain("<script>alert(1)");

    // The editor of the active theme, in Arabic: its name, its ten colours in their fields, the preview in them.
    expect(view).toContain('data-testid="theme-editor"');
    expect(view).toContain("هذه السمة مفعّلة على الموقع.");
    expect(valueIn(view!, "field-name")).toBe(active.name);
    for (const [mode, colours] of [["light", LIGHT], ["dark", DARK]] as const) {
      for (const [name, hex] of Object.entries(colours)) expect(colourIn(view!, `${mode}-${name}`), `${mode} ${name}`).toBe(hex);
    }
    expect(view).toContain(`background:${LIGHT.background};color:${LIGHT.text}`);
    expect(view).toContain(`background:${DARK.background};color:${DARK.text}`);
    // Nothing to save yet: the island's save is as disabled as the drawn one.
    expect(view).toMatch(/<button[^>]*disabled=""[^>]*data-testid="theme-save"/);

    // The logo and the banner, numbered in Arabic-Indic digits, its Arabic title in its field; the upload rules' size too.
    expect(view).toMatch(/data-testid="theme-logo-image"/);
    expect(view!.match(/data-testid="theme-banner"/g)).toHaveLength(1);
    expect(view).toContain(`اللافتة ${formatNumber(1, "ar")}`);
    expect(valueIn(view!, "field-banners-0-title-ar")).toBe(TITLE_AR);
    expect(view).toContain(formatNumber(10, "ar"));
    expect(view).toContain('data-testid="theme-banner-upload-input"');
    // Its pictures never go ahead of the page's text: none is preloaded (React's server renderer preloads every eager
    // picture it draws, and the page's largest paint, its header, came 225 ms after its first), each one loads lazily.
    expect(html).not.toMatch(/<link[^>]*rel="preload"[^>]*as="image"/);
    const pictures = view!.match(/<img\b[^>]*>/g) ?? [];
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const picture of pictures) expect(picture).toContain('loading="lazy"');
  });

  it("draws the same themes for an English reader, in English", async () => {
    const view = drawn(await page("/en/admin/theme/"))!;
    expect(view).toContain("This theme is active on the site.");
    expect(view).toContain("Banner 1");
    expect(colourIn(view, "light-primary")).toBe(LIGHT.primary);
  });
});
