/**
 * Export of a list in the three formats of DESIGN §4, with the filters and search the list shows now. One button
 * per format (a menu would hide the choice behind a second press); the pressed one is busy until the file is
 * handed to the browser. Errors arrive as the client's own notices.
 */
import { useState } from "react";
import { ExportButtons } from "./ExportButtons";
import { fetchExport, saveFile, type ExportFormat } from "./export";

export interface ExportButtonProps {
  /** The export call of a format, under /api ("requests/export-list/csv"). */
  endpoint: (format: ExportFormat) => string;
  /** The list's filters now (read at the press, so the file matches what is shown). */
  params: () => Record<string, string | number>;
  /** The file's name when the API sends none. */
  fileName: string;
  testId?: string;
}

export function ExportButton({ endpoint, params, fileName, testId = "export" }: ExportButtonProps) {
  const [pending, setPending] = useState<ExportFormat | null>(null);

  async function run(format: ExportFormat) {
    setPending(format);
    try {
      saveFile(await fetchExport(endpoint(format), params(), format, fileName));
    } catch {
      // The HTTP client has shown the problem.
    } finally {
      setPending(null);
    }
  }

  return <ExportButtons pending={pending} onRun={(format) => void run(format)} testId={testId} />;
}
