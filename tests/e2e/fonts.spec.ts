/**
 * The text faces (src/styles/global.css, issue 9): Arabic and Kurdish pages set their text in Vazirmatn; English pages
 * download no font and set their text in the system stack, while what is marked Arabic or Kurdish on them (the language
 * menu's names) still takes Vazirmatn. Issue 32: Vazirmatn is declared by the page's head script (src/lib/page-fonts.ts)
 * once the page has loaded, so it never shares a phone's link with the page's pictures; from the next page on, it is
 * declared before the first layout and comes from the cache.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { HAS_VAZIRMATN } from "./helpers";

const faces = () =>
  document.fonts.ready.then(() => ({
    heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    arabicName: getComputedStyle(document.querySelector('[lang="ar"]')!).fontFamily,
    loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "")),
  }));

/** When the page's font files were requested, and when its load event and first paint came (ms from the navigation's start). */
const fontTiming = () => {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const fonts = performance.getEntriesByType("resource").filter((entry) => /\.woff2$/.test(new URL(entry.name).pathname));
  const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
  return { loadEvent: navigation.loadEventStart, firstPaint, fonts: fonts.map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime })) };
};

for (const lang of ["ar", "ku"]) {
  test(`${lang}: the text is set in Vazirmatn, fetched once the page has loaded; the next page has it from the start`, async ({ page }) => {
    // Whether the page ever held the face while it was still loading: Chromium lays the whole page out again when a
    // face joins it and again when that face has loaded; fetched first and added once in, it is one layout.
    await page.addInitScript(() => {
      (window as unknown as { fontSetLoading: number }).fontSetLoading = 0;
      document.fonts.addEventListener("loading", (event) => {
        const vazirmatn = (event as FontFaceSetLoadEvent).fontfaces.filter((face) => face.family.replace(/"/g, "") === "Vazirmatn Variable");
        (window as unknown as { fontSetLoading: number }).fontSetLoading += vazirmatn.length;
      });
    });
    await page.goto(`/${lang}/login/`);
    await page.waitForFunction(HAS_VAZIRMATN);
    const found = await page.evaluate(faces);
    expect(found.heading).toMatch(/^"?Vazirmatn Variable"?,/);
    expect(found.loaded).toContain("Vazirmatn Variable");
    const first = await page.evaluate(fontTiming);
    // One file, the cut one, asked for after the load event (a face found by the first layout is asked for before it,
    // and the load event waits for it).
    expect(first.fonts.map((font) => font.file)).toEqual([expect.stringMatching(/vazirmatn-ui/)]);
    expect(first.fonts[0]!.start).toBeGreaterThanOrEqual(first.loadEvent);
    // And after the first paint: a light page can have loaded before it painted.
    expect(first.fonts[0]!.start).toBeGreaterThanOrEqual(first.firstPaint);
    expect(await page.evaluate(() => (window as unknown as { fontSetLoading: number }).fontSetLoading)).toBe(0);
    // The next page declares the font before its first layout: it is in Vazirmatn as soon as it has loaded.
    await page.goto(`/${lang}/register/`);
    expect(await page.evaluate(HAS_VAZIRMATN)).toBe(true);
    const next = await page.evaluate(fontTiming);
    expect(next.fonts.map((font) => font.file)).toEqual([expect.stringMatching(/vazirmatn-ui/)]);
    expect(next.fonts[0]!.start).toBeLessThan(next.loadEvent);
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

/*
 * Issue 32: Arabic and Kurdish pages use Vazirmatn cut to our texts (scripts/fonts.mjs). Until it arrives the text
 * is set in a local Noto Arabic face sized to Vazirmatn's width and line metrics, so the swap moves nothing; the cut
 * keeps Arabic and Sorani shaping; a character outside the cut (a name typed by someone) still gets Vazirmatn, from a
 * second face fetched only then.
 */
const PAGES_WITH_TEXT = ["/ar/register/", "/ku/register/", "/ar/login/", "/ku/login/"];

for (const path of PAGES_WITH_TEXT) {
  test(`${path}: the swap to Vazirmatn shifts no layout (CLS < 0.01); screenshots before and after`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // Every layout shift of the page's life, as Chrome reports it for CLS.
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The font is held back until the page has been painted in its fallback (a slow phone's link).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fonts: string[] = [];
    await page.route("**/*.woff2", async (route) => {
      fonts.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.locator("h1")).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const before = await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).fontFamily);
    // The width and height of the heading's and the introduction's text: what a reader sees jump when they change.
    const boxes = () =>
      page.evaluate(() =>
        ["h1", "main header p"].map((selector) => {
          const range = document.createRange();
          range.selectNodeContents(document.querySelector(selector)!);
          const { width, height } = range.getBoundingClientRect();
          return { selector, width, height };
        }),
      );
    const fallbackBoxes = await boxes();
    expect(await page.evaluate(HAS_VAZIRMATN)).toBe(false);
    // Playwright's own screenshot waits for the fonts: the browser's, through the DevTools protocol, does not.
    const cdp = await page.context().newCDPSession(page);
    const shot = async () => Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png" })).data, "base64");
    const keep = async (name: string) => {
      writeFileSync(testInfo.outputPath(`${name}.png`), await shot());
      await testInfo.attach(name, { path: testInfo.outputPath(`${name}.png`), contentType: "image/png" });
    };
    await keep("before-swap");
    release();
    await page.waitForFunction(HAS_VAZIRMATN);
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    await page.waitForTimeout(300);
    await keep("after-swap");
    const vazirmatnBoxes = await boxes();
    for (const [i, box] of vazirmatnBoxes.entries()) {
      const was = fallbackBoxes[i]!;
      console.log(`${path} ${box.selector}: ${was.width.toFixed(1)}x${was.height.toFixed(1)} in the fallback, ${box.width.toFixed(1)}x${box.height.toFixed(1)} in Vazirmatn`);
      // Same lines, and the text as wide within 4 % (the fallback is sized on the average letter of all our texts).
      expect(Math.abs(box.height - was.height), `${box.selector}'s height at the swap`).toBeLessThan(1);
      expect(Math.abs(box.width - was.width) / box.width, `${box.selector}'s width at the swap`).toBeLessThan(0.04);
    }
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    testInfo.annotations.push({ type: "layout shift at the swap", description: String(shift) });
    console.log(`${path}: layout shift at the swap ${shift}`);
    expect(before).toMatch(/^"?Vazirmatn Variable"?,/);
    expect(shift, `layout shift of ${path} at the font swap`).toBeLessThan(0.01);
    // One font file, the cut one: the face with the rest of the script is not fetched for our own texts.
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/vazirmatn-ui/);
  });
}

test("ku: the cut font shapes Sorani and Arabic as the whole font does (joined forms, ڕ ڵ ۆ ێ ە)", async ({ page }, testInfo) => {
  await page.goto("/ku/login/");
  await page.waitForFunction(HAS_VAZIRMATN);
  // The whole font's file as the build wrote it (declared by the layout's script, src/lib/whole-font.ts).
  const wholeFile = readdirSync("dist/_astro").find((name) => /^vazirmatn-arabic-wght-normal\..*\.woff2$/.test(name));
  expect(wholeFile).toBeTruthy();
  const diff = await page.evaluate(async (url) => {
    // The whole font (the face for other characters) under a name of its own, to draw the same words in both.
    // Arabic script only, as the page's faces: spaces and the dash come from the same system face in both drawings.
    const face = new FontFace("Whole Vazirmatn", `url(${url})`, { weight: "100 900", unicodeRange: "U+0600-06FF,U+200C-200F" });
    document.fonts.add(await face.load());
    const words = "ڕێگەپێدانی ڤیزا بۆ هەولێر، سلێمانی و دهۆک — ئێوە لەگەڵ ئێمە؛ مرحبا بكم في طلب التأشيرة لا إله ٢٬٥٠٠";
    const draw = (family: string, weight: number, text = words) => {
      const canvas = document.createElement("canvas");
      canvas.width = 1600;
      canvas.height = 80;
      const ctx = canvas.getContext("2d")!;
      ctx.direction = "rtl";
      ctx.font = `${weight} 36px ${family}`;
      ctx.fillText(text, 1590, 56);
      return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
      let n = 0;
      for (let i = 3; i < a.length; i += 4) if (Math.abs(a[i]! - b[i]!) > 64) n++;
      return n;
    };
    const ink = (a: Uint8ClampedArray) => {
      let n = 0;
      for (let i = 3; i < a.length; i += 4) if (a[i]! > 64) n++;
      return n;
    };
    const out: Record<string, number | string> = {};
    const png = (data: Uint8ClampedArray) => {
      const canvas = document.createElement("canvas");
      canvas.width = 1600;
      canvas.height = 80;
      canvas.getContext("2d")!.putImageData(new ImageData(new Uint8ClampedArray(data), 1600, 80), 0, 0);
      return canvas.toDataURL();
    };
    out.cutPng = png(draw('"Vazirmatn Variable"', 400));
    out.wholePng = png(draw('"Whole Vazirmatn"', 400));
    for (const weight of [400, 700]) {
      const wholeDrawn = draw('"Whole Vazirmatn"', weight);
      out[`cut${weight}`] = differing(draw('"Vazirmatn Variable"', weight), wholeDrawn) / ink(wholeDrawn);
      // What a font without its joins would look like (a zero-width non-joiner between every letter): the measure
      // tells it apart, so a cut that lost its substitutions would fail above.
      out[`unjoined${weight}`] = differing(draw('"Whole Vazirmatn"', weight, [...words].join("\u200c")), wholeDrawn) / ink(wholeDrawn);
    }
    return out;
  }, `/_astro/${wholeFile}`);
  for (const name of ["cutPng", "wholePng"]) {
    writeFileSync(testInfo.outputPath(`${name}.png`), Buffer.from(String(diff[name]).split(",")[1]!, "base64"));
  }
  console.log(`shaping: ink differing from the whole font ${diff.cut400} (400), ${diff.cut700} (700); unjoined ${diff.unjoined400}, ${diff.unjoined700}`);
  for (const weight of [400, 700]) {
    expect(diff[`cut${weight}`], `weight ${weight}: share of ink that differs from the whole font`).toBeLessThan(0.02);
    expect(diff[`unjoined${weight}`]).toBeGreaterThan(0.2);
  }
});

test("ar: a character outside the cut (a name typed by someone) still gets Vazirmatn, from a face fetched only then", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/ar/login/");
  await page.waitForLoadState("networkidle");
  expect(fonts.filter((f) => /vazirmatn-arabic-wght/.test(f))).toEqual([]);
  // "ۋ" (U+06CB, Uyghur ve) and "ڭ" (U+06AD) are in no text of ours: what a news text or a traveller's name may hold.
  const outside = "ۋڭ";
  // The face with the rest of the script: the one whose range starts at U+0600 (the cut one starts at the Arabic comma).
  const restFace = () =>
    page.evaluate(() => [...document.fonts].find((f) => f.family.replace(/"/g, "") === "Vazirmatn Variable" && f.unicodeRange.startsWith("U+600-"))?.status);
  expect(await restFace()).toBe("unloaded");
  await page.evaluate((text) => {
    const p = document.createElement("p");
    p.textContent = `السيد ${text}ا`;
    p.id = "typed";
    document.querySelector("main")!.append(p);
  }, outside);
  await expect.poll(restFace).toBe("loaded");
  await expect.poll(() => fonts.filter((f) => /vazirmatn-arabic-wght/.test(f)).length).toBe(1);
  expect(await page.evaluate((text) => document.fonts.check('16px "Vazirmatn Variable"', text), outside)).toBe(true);
  expect(await page.locator("#typed").evaluate((p) => getComputedStyle(p).fontFamily)).toMatch(/^"?Vazirmatn Variable"?,/);
});
