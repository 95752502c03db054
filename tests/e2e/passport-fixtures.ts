/**
 * Synthetic passport data pages, made by the test in the browser itself: a TD3 data page with its MRZ set in OCR-B
 * (tests/e2e/fixtures/OCRB.otf, public domain, from Debian's fonts-ocr-b), drawn on a canvas, then clean, rotated 3°,
 * noisy, or as a phone photo (4000 × 3000 JPEG of the page lying on a desk). Check digits are computed here, apart
 * from the product's parser, so a parser bug cannot make its own test data agree with it.
 */
import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";

export interface SyntheticPassport {
  surname: string;
  given: string[];
  number: string;
  nationality: string;
  /** YYYY-MM-DD */
  birth: string;
  sex: "M" | "F";
  /** YYYY-MM-DD */
  expiry: string;
}

export type Variant = "clean" | "rotated" | "noisy" | "phone";

const VALUES: Record<string, number> = { "<": 0 };
for (let i = 0; i < 10; i++) VALUES[String(i)] = i;
for (let i = 0; i < 26; i++) VALUES[String.fromCharCode(65 + i)] = 10 + i;
const check = (s: string) => String([...s].reduce((sum, ch, i) => sum + VALUES[ch]! * [7, 3, 1][i % 3]!, 0) % 10);
const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, "");

/** The two MRZ lines of ICAO 9303 TD3. */
export function mrzLines(p: SyntheticPassport): [string, string] {
  const name = `${p.surname.replace(/ /g, "<")}<<${p.given.join("<")}`;
  const line1 = `P<${p.nationality}${name}`.padEnd(44, "<").slice(0, 44);
  const number = p.number.padEnd(9, "<");
  const personal = "<".repeat(14);
  const body = `${number}${check(number)}${p.nationality}${yymmdd(p.birth)}${check(yymmdd(p.birth))}${p.sex}${yymmdd(p.expiry)}${check(yymmdd(p.expiry))}${personal}<`;
  const composite = check(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

const FONT = readFileSync(new URL("./fixtures/OCRB.otf", import.meta.url)).toString("base64");

/** Renders the data page in a blank page of `context` and answers the image file (PNG or JPEG). */
export async function passportImage(context: BrowserContext, passport: SyntheticPassport, variant: Variant): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const page = await context.newPage();
  try {
    await page.setContent("<!doctype html><title>passport</title>");
    const dataUrl = await page.evaluate(
      async ({ font, passport, lines, variant }) => {
        const face = new FontFace("OCRB", Uint8Array.from(atob(font), (c) => c.charCodeAt(0)));
        await face.load();
        document.fonts.add(face);

        // The data page: 125 × 88 mm at 10 px/mm.
        const W = 1250;
        const H = 880;
        const doc = document.createElement("canvas");
        doc.width = W;
        doc.height = H;
        const g = doc.getContext("2d")!;
        const bg = g.createLinearGradient(0, 0, W, H);
        bg.addColorStop(0, "#f4f1e6");
        bg.addColorStop(1, "#e6eef2");
        g.fillStyle = bg;
        g.fillRect(0, 0, W, H);
        // Guilloche-like security lines behind the visual zone.
        g.strokeStyle = "rgba(90, 120, 160, 0.18)";
        for (let i = 0; i < 40; i++) {
          g.beginPath();
          for (let x = 0; x <= W; x += 10) g.lineTo(x, 60 + i * 14 + Math.sin(x / 60 + i) * 12);
          g.stroke();
        }
        g.fillStyle = "#1d2b4f";
        g.font = "bold 34px sans-serif";
        g.fillText("PASSPORT  ·  UTOPIA", 60, 70);
        g.fillStyle = "#b9c0c8";
        g.fillRect(60, 120, 300, 380);
        g.fillStyle = "#7d8893";
        g.font = "20px sans-serif";
        g.fillText("PHOTO", 175, 320);
        const rows: [string, string][] = [
          ["Type / Code / Passport No.", `P   ${passport.nationality}   ${passport.number}`],
          ["Surname", passport.surname],
          ["Given names", passport.given.join(" ")],
          ["Nationality", passport.nationality],
          ["Date of birth / Sex", `${passport.birth}   ${passport.sex}`],
          ["Date of expiry", passport.expiry],
        ];
        rows.forEach(([label, value], i) => {
          g.fillStyle = "#4a5a7a";
          g.font = "18px sans-serif";
          g.fillText(label, 400, 140 + i * 62);
          g.fillStyle = "#111";
          g.font = "bold 26px sans-serif";
          g.fillText(value, 400, 168 + i * 62);
        });
        // The MRZ: OCR-B, 44 characters across ~92 % of the width, at the bottom.
        g.fillStyle = "#111";
        let size = 40;
        g.font = `${size}px OCRB`;
        size = (size * (W * 0.92)) / g.measureText(lines[0]).width;
        g.font = `${size}px OCRB`;
        g.fillText(lines[0], W * 0.04, H - 120);
        g.fillText(lines[1], W * 0.04, H - 50);

        const out = document.createElement("canvas");
        let type = "image/png";
        let quality = 1;
        if (variant === "clean") {
          out.width = W;
          out.height = H;
          out.getContext("2d")!.drawImage(doc, 0, 0);
        } else if (variant === "rotated" || variant === "noisy") {
          out.width = W + 160;
          out.height = H + 160;
          const o = out.getContext("2d")!;
          o.fillStyle = "#fff";
          o.fillRect(0, 0, out.width, out.height);
          o.translate(out.width / 2, out.height / 2);
          o.rotate(((variant === "rotated" ? 3 : -1.2) * Math.PI) / 180);
          o.drawImage(doc, -W / 2, -H / 2);
          if (variant === "noisy") {
            const img = o.getImageData(0, 0, out.width, out.height);
            let seed = 42;
            const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
            for (let i = 0; i < img.data.length; i += 4) {
              const n = (rand() + rand() + rand() - 1.5) * 70;
              const speck = rand() < 0.004 ? -160 : 0;
              for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n + speck));
            }
            o.putImageData(img, 0, 0);
            type = "image/jpeg";
            quality = 0.8;
          }
        } else {
          // A phone photo: 4000 × 3000, the page on a desk, a little turned, uneven light, JPEG.
          out.width = 4000;
          out.height = 3000;
          const o = out.getContext("2d")!;
          const desk = o.createLinearGradient(0, 0, 4000, 3000);
          desk.addColorStop(0, "#6b4f3a");
          desk.addColorStop(1, "#3e2d22");
          o.fillStyle = desk;
          o.fillRect(0, 0, 4000, 3000);
          o.save();
          o.translate(2000, 1520);
          o.rotate((-1.5 * Math.PI) / 180);
          o.drawImage(doc, -1450, -1020, 2900, 2042);
          o.restore();
          const light = o.createRadialGradient(1200, 800, 200, 2000, 1500, 2600);
          light.addColorStop(0, "rgba(255,255,255,0.12)");
          light.addColorStop(1, "rgba(0,0,0,0.22)");
          o.fillStyle = light;
          o.fillRect(0, 0, 4000, 3000);
          type = "image/jpeg";
          quality = 0.85;
        }
        return out.toDataURL(type, quality);
      },
      { font: FONT, passport, lines: mrzLines(passport), variant },
    );
    const [head, data] = dataUrl.split(",") as [string, string];
    const mimeType = head.includes("jpeg") ? "image/jpeg" : "image/png";
    return { name: `passport-${variant}.${mimeType === "image/jpeg" ? "jpg" : "png"}`, mimeType, buffer: Buffer.from(data, "base64") };
  } finally {
    await page.close();
  }
}

/**
 * A passport scan as a PDF, made with pdf-lib: the data page as an A4 flatbed scan would hold it (125 mm wide, top
 * left, white around). `before` blank-ish pages come first (a cover letter, say), so the reader has to ask which page
 * to read.
 */
export async function passportPdf(image: { buffer: Buffer; mimeType: string }, before = 0): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { PDFDocument, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  const A4: [number, number] = [595.28, 841.89];
  const mm = 72 / 25.4;
  for (let i = 0; i < before; i++) {
    // Not an MRZ: a few grey bars like lines of a letter.
    const page = pdf.addPage(A4);
    for (let line = 0; line < 12; line++) page.drawRectangle({ x: 60, y: 760 - line * 28, width: 300 + ((line * 37) % 150), height: 8, color: rgb(0.6, 0.6, 0.6) });
  }
  const embedded = image.mimeType === "image/png" ? await pdf.embedPng(image.buffer) : await pdf.embedJpg(image.buffer);
  const page = pdf.addPage(A4);
  const width = 125 * mm;
  const height = (width * embedded.height) / embedded.width;
  page.drawImage(embedded, { x: 20 * mm, y: A4[1] - 20 * mm - height, width, height });
  const bytes = await pdf.save();
  return { name: before ? "passport-scan-pages.pdf" : "passport-scan.pdf", mimeType: "application/pdf", buffer: Buffer.from(bytes) };
}

/** The picture variants, and "pdf": a clean data page scanned onto an A4 PDF page. */
export type Case = Variant | "pdf";

/** One synthetic passport for each case (the browser test and `npm run bench -- passport` read the same set). */
export function syntheticSet(): { variant: Case; passport: SyntheticPassport }[] {
  const inMonths = (months: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.toISOString().slice(0, 10);
  };
  return [
    { variant: "clean", passport: { surname: "ERIKSSON", given: ["ANNA", "MARIA"], number: "L898902C3", nationality: "UTO", birth: "1974-08-12", sex: "F", expiry: "2031-04-15" } },
    { variant: "rotated", passport: { surname: "ALSAADI", given: ["AHMED", "KADHIM", "JASIM"], number: "A12345678", nationality: "IRQ", birth: "1985-03-04", sex: "M", expiry: "2030-01-20" } },
    // Expires in three months: the reader flags it.
    { variant: "noisy", passport: { surname: "KARIM", given: ["SARA"], number: "B7654321", nationality: "IRQ", birth: "1995-05-05", sex: "F", expiry: inMonths(3) } },
    { variant: "phone", passport: { surname: "HASSAN", given: ["ALI", "OMAR"], number: "N04518827", nationality: "TUR", birth: "2001-11-30", sex: "M", expiry: "2029-06-09" } },
    { variant: "pdf", passport: { surname: "OSMAN", given: ["ZAINAB"], number: "R5081932", nationality: "SDN", birth: "1990-02-28", sex: "F", expiry: "2033-09-17" } },
  ];
}

/** The file the agent would choose for a case. */
export async function passportFile(context: BrowserContext, passport: SyntheticPassport, variant: Case) {
  return variant === "pdf" ? passportPdf(await passportImage(context, passport, "clean")) : passportImage(context, passport, variant);
}
