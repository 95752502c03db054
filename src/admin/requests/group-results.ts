/** What the office's bulk results upload works with (issue 28 item 5): files out of a zip, and calls five files at a time. */
export interface ResultMatchView {
  file: string;
  requestId: string | null;
  reference: string | null;
  passportNumber: string | null;
}

const TYPES: Record<string, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/** The files dropped, a zip's documents taken out of it (read here: nothing leaves the device before the preview call). */
export async function filesOfDrop(files: File[]): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) {
    if (!/\.zip$/i.test(file.name) && file.type !== "application/zip") {
      out.push(file);
      continue;
    }
    const { unzipSync } = await import("fflate");
    const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
    for (const [path, bytes] of Object.entries(entries)) {
      const name = path.split("/").pop() ?? path;
      const type = TYPES[name.split(".").pop()?.toLowerCase() ?? ""];
      if (type && !name.startsWith(".")) out.push(new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    }
  }
  return out;
}

/** The API takes five files a call (each up to 10 MB): `send` is called per batch, in order. */
export async function inBatches<T>(files: File[], send: (batch: File[]) => Promise<T>, size = 5): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < files.length; i += size) answers.push(await send(files.slice(i, i + size)));
  return answers;
}
