/**
 * The export buttons as they look (ExportButton fetches and saves the file): one per format, the pressed one busy.
 * Props only, so the edge draws them too (issue 9); the file's code comes with the island the press brings.
 */
import { Download } from "../../components/ui/icons";
import { Button } from "../../components/ui/Button";
import { useT } from "../../lib/i18n";
import { EXPORT_FORMATS, type ExportFormat } from "./export-formats";

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: "kit.export.csv", xlsx: "kit.export.xlsx", pdf: "kit.export.pdf" };

export function ExportButtons({ pending = null, onRun, testId = "export" }: { pending?: ExportFormat | null; onRun?: (format: ExportFormat) => void; testId?: string }) {
  const t = useT();
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
          onClick={() => onRun?.(format)}
          aria-label={t("kit.export.as", { format: t(FORMAT_LABEL[format]) })}
          data-testid={`${testId}-${format}`}
        >
          {t(FORMAT_LABEL[format])}
        </Button>
      ))}
    </div>
  );
}
