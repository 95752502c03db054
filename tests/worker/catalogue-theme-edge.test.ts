/** The site applies the active theme: the edge paints its colours into every page's <head> (no flash, no script). */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetThemeStyle, themeStyleCss } from "../../functions/services/themes";
import { BASE, call } from "./fixtures";
import { adminToken, expectStatus } from "./catalogue-fixtures";

const LIGHT = { primary: "#d4a017", accent: "#1d4ed8", background: "#fafaf9", surface: "#ffffff", text: "#1c1917" };
const DARK = { primary: "#fbbf24", accent: "#60a5fa", background: "#0c0a09", surface: "#1c1917", text: "#fafaf9" };

let admin: string;
let themeId: string;

beforeAll(async () => {
  admin = await adminToken();
  themeId = (await expectStatus(await call("GET", "/theme/all?active=true", { token: admin }), 200)).data[0]._id;
});

const page = async (path: string, cookie = "") => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};
const themeStyle = (html: string) => /<head>[\s\S]*<style data-site-theme>([^<]*)<\/style>[\s\S]*<\/head>/.exec(html)?.[1] ?? null;

describe("theme colours at the edge", () => {
  it("injects the active theme's colours as CSS custom properties in <head>, light and dark apart", async () => {
    await expectStatus(await call("PATCH", `/theme/${themeId}`, { token: admin, body: { light: LIGHT, dark: DARK } }), 200);
    for (const path of ["/en/login/", "/ar/login/", "/ku/admin/login/"]) {
      const css = themeStyle(await page(path));
      expect(css, path).not.toBeNull();
      expect(css).toContain(`html:not([data-theme="dark"]){--color-primary-50:`);
      expect(css).toMatch(/html:not\(\[data-theme="dark"\]\)\{[^}]*--color-primary-500:#d4a017;[^}]*--color-accent-500:#1d4ed8;[^}]*--surface:#ffffff;--surface-2:#fafaf9;--text:#1c1917/);
      expect(css).toMatch(/html\[data-theme="dark"\]\{[^}]*--color-primary-500:#fbbf24;[^}]*--surface-2:#0c0a09/);
    }
    // The dark cookie still chooses the palette through <html data-theme>, and the style is there for both.
    const dark = await page("/en/login/", "theme=dark");
    expect(dark).toMatch(/<html[^>]*data-theme="dark"/);
    expect(themeStyle(dark)).toContain("--color-primary-500:#fbbf24");
  });

  it("follows a theme change at once in this isolate (the cache is dropped on PATCH)", async () => {
    await expectStatus(await call("PATCH", `/theme/${themeId}`, { token: admin, body: { light: { ...LIGHT, primary: "#b8860b" } } }), 200);
    expect(themeStyle(await page("/en/login/"))).toContain("--color-primary-500:#b8860b");
  });

  it("injects nothing without an active theme, and never a colour that is not #rrggbb", async () => {
    await expectStatus(await call("PATCH", `/theme/${themeId}`, { token: admin, body: { active: false } }), 200);
    expect(themeStyle(await page("/en/login/"))).toBeNull();
    await env.DB.prepare("UPDATE themes SET active = 1, light = ? WHERE id = ?")
      .bind(JSON.stringify({ ...LIGHT, primary: "red}</style><script>alert(1)</script>" }), themeId)
      .run();
    forgetThemeStyle();
    const html = await page("/en/login/");
    expect(html).not.toContain("alert(1)");
    // The stored colour is refused; the built-in default palette is painted instead.
    expect(themeStyle(html)).toContain("--color-primary-500:#f59e0b");
    expect(themeStyleCss({ ...LIGHT, primary: "#fff;}" }, DARK)).toBe("");
    await expectStatus(await call("PATCH", `/theme/${themeId}`, { token: admin, body: { active: true, light: LIGHT } }), 200);
  });
});
