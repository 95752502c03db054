// Makes the demo banners' phone copies (scripts/demo/phone-banners/*.webp, committed) the way an admin's upload does:
// in a real browser, by src/admin/theme/phone-copy.ts's steps (800 px wide, WebP at 0.8). Node has no WebP encoder,
// and the seed must not need a browser, so the copies are made once and kept. Run again after a demo banner changes:
//   node scripts/make-phone-banners.mjs
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "./chromium.mjs";
import { pictures, PHONE_BANNERS } from "./demo/catalogue.mjs";

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
const page = await browser.newPage();
for (const { of, file } of PHONE_BANNERS) {
  const picture = pictures().find((object) => object.key === of);
  const webp = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = Math.round((bitmap.height * 800) / bitmap.width);
    const context = canvas.getContext("2d");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/webp", 0.8));
    const buffer = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (const byte of buffer) text += String.fromCharCode(byte);
    return btoa(text);
  }, Buffer.from(picture.bytes).toString("base64"));
  const bytes = Buffer.from(webp, "base64");
  writeFileSync(new URL(`./demo/phone-banners/${file}`, import.meta.url), bytes);
  console.log(`${file}: ${bytes.length} B (the picture: ${picture.bytes.length} B)`);
}
await browser.close();
