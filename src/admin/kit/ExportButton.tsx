/**
 * Export of a list in the three formats of DESIGN §4, with the filters and search the list shows now. One button
 * per format (a menu would hide the choice behind a second press); the pressed one is busy until the file is
 * handed to the browser. Errors arrive as the client's own notices.
 */
import { Download } from "../../components/ui/icons";
import { useState } from "react";
import { Button } from "../../components/ui";
import { useT } from "../../lib/i18n";
import { EXPORT_FORMATS, fetchExport, saveFile, type ExportFormat } from "./export";

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: "kit.export.csv", xlsx: "kit.export.xlsx", pdf: "kit.export.pdf" };

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
  const t = useT();
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

  return (
    <div role="group" aria-label={t("kit.export.title")} className="inline-flex flex-wrap items-center gap-1.5" data-testid={testId}>
      <span className="muted text-sm inline-flex items-center gap-1">
        <Download size={18} aria-hidden="true" />
        {t("kit.export.title")}
      </span>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="sm"
          variant="ghost"
          pending={pending === format}
          disabled={pending !== null && pending !== format}
          onClick={() => void run(format)}
          aria-label={t("kit.export.as", { format: t(FORMAT_LABEL[format]) })}
          data-testid={`${testId}-${format}`}
        >
          {t(FORMAT_LABEL[format])}
        </Button>
      ))}
    </div>
  );
}
