/**
 * A stack of passports into group rows (issue 28 item 4): many photos, or a multi-page PDF, each page read by the
 * passport reader of the single filing form, in the browser (src/features/passport: ocr.ts, pdf.ts, the API's MRZ
 * check), one after another. Each page becomes a traveller with the fields it read; fields the reader is not sure of
 * (a failed or repaired check digit) are marked for the agent to look at; the page image is kept as that traveller's
 * passport document. Loaded only when the agent picks passports (tesseract and pdf.js load then).
 */
import type { FieldKind } from "../../contract/catalogue";
import type { Attachment } from "../../contract/requests";
import type { PassportReading } from "../../contract/passport";

export interface StackRow {
  values: Record<string, string>;
  uncertain: FieldKind[];
  origin: { file: string };
  picture: Attachment | null;
  pictureName: string;
}

/** A group has at most 200 travellers: a longer PDF is read up to there. */
const MAX_STACK_PAGES = 200;

/** A field is certain when its check digit passed (confidence 1 or close to it). */
const CERTAIN = 0.9;

/** The pages to read: an image as it is, a PDF page by page (drawn as JPEG, the document the traveller keeps). */
async function pagesOf(file: File): Promise<{ source: Blob; name: string }[]> {
  if (file.type !== "application/pdf" && !/\.pdf$/i.test(file.name)) return [{ source: file, name: file.name }];
  const { openPdf } = await import("../passport/pdf");
  const scan = await openPdf(file);
  try {
    const pages: { source: Blob; name: string }[] = [];
    for (let n = 1; n <= Math.min(scan.pages, MAX_STACK_PAGES); n++) {
      const canvas = await scan.render(n);
      const blob = "convertToBlob" in canvas ? await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 }) : await new Promise<Blob>((resolve, reject) =>
        (canvas as HTMLCanvasElement).toBlob((b) => (b ? resolve(b) : reject(new Error("page not drawn"))), "image/jpeg", 0.9));
      pages.push({ source: blob, name: `${file.name.replace(/\.pdf$/i, "")}-${n}.jpg` });
    }
    return pages;
  } finally {
    await scan.close();
  }
}

/**
 * Reads every page of every file; `onRow` gets each traveller as soon as it is read (the table fills as the reader
 * goes), `onMiss` each page where no machine-readable zone was found.
 */
export async function readStack(
  files: File[], kinds: readonly FieldKind[], travelDate: string | undefined,
  onRow: (row: StackRow) => void, onMiss: (name: string) => void, onProgress: (done: number, total: number) => void,
): Promise<void> {
  const [{ readMrz, stopEngine }, { validateMrz, keepPassportPicture }] = await Promise.all([import("../passport/ocr"), import("../passport/api")]);
  const pages = (await Promise.all(files.map(pagesOf))).flat();
  let done = 0;
  try {
    for (const page of pages) {
      onProgress(done, pages.length);
      try {
        const read = await readMrz(page.source);
        if (!read.lines) {
          onMiss(page.name);
          continue;
        }
        const reading: PassportReading = await validateMrz({ lines: read.lines, travelDate, ocrConfidence: Math.round(read.confidence) });
        const values: Record<string, string> = {};
        const uncertain: FieldKind[] = [];
        for (const field of reading.fields) {
          if (!kinds.includes(field.kind as FieldKind) || !field.value) continue;
          values[field.kind] = field.value;
          if (field.confidence < CERTAIN || !reading.valid) uncertain.push(field.kind as FieldKind);
        }
        const file = page.source instanceof File ? page.source : new File([page.source], page.name, { type: "image/jpeg" });
        const picture = await keepPassportPicture(file).catch(() => null);
        onRow({ values, uncertain, origin: { file: page.name }, picture, pictureName: page.name });
      } catch (error) {
        console.debug("passport stack: page not read", page.name, error);
        onMiss(page.name);
      } finally {
        done++;
      }
    }
    onProgress(done, pages.length);
  } finally {
    await stopEngine();
  }
}
