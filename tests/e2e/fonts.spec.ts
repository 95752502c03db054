/**
 * The text faces (src/styles/global.css, issue 9): Arabic and Kurdish pages set their text in Vazirmatn (its
 * Arabic-script file, loaded with the page); English pages download no font and set their text in the system stack,
 * while what is marked Arabic or Kurdish on them (the language menu's names) still takes Vazirmatn.
 */
import { expect, test } from "@playwright/test";

const faces = () =>
  document.fonts.ready.then(() => ({
    heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    arabicName: getComputedStyle(document.querySelector('[lang="ar"]')!).fontFamily,
    loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "")),
  }));

for (const lang of ["ar", "ku"]) {
  test(`${lang}: the page's text is set in Vazirmatn, loaded with the page`, async ({ page }) => {
    await page.goto(`/${lang}/login/`);
    await page.waitForLoadState("networkidle");
    const found = await page.evaluate(faces);
    expect(found.heading).toMatch(/^"?Vazirmatn Variable"?,/);
    expect(found.loaded).toContain("Vazirmatn Variable");
  });
}

test("en: no font is downloaded; the text is in the system stack, the Arabic language name in Vazirmatn", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.goto("/en/login/");
  await page.waitForLoadState("networkidle");
  const found = await page.evaluate(faces);
  expect(found.heading).not.toContain("Vazirmatn");
  expect(found.arabicName).toMatch(/^"?Vazirmatn Variable"?,/);
  expect(fonts).toEqual([]);
});
