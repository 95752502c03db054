/**
 * The translation pages' small pieces that need no API client: the status badge, the languages of an order, file
 * lists, export buttons and the file picker. The edge draws them (functions/edge/views/translation.tsx), so what they
 * do when used comes from the caller (ui.tsx binds them to the API for the islands).
 */
import { Download, FileText } from "../../components/ui/icons";
import { forwardRef, useState } from "react";
import type { LocalizedText } from "../../contract/common";
import type { RequestStatusA } from "../../contract/requests";
import type { OrderDocument, OrderLanguage } from "../../contract/translation";
import { STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button } from "../../components/ui/Button";
import { useFieldControl } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

export const text = (value: LocalizedText, locale: Locale) => value[locale] || value.en;

export type ExportFormat = "csv" | "xlsx" | "pdf";

const TONES: Record<RequestStatusA, string> = {
  // info-600 itself on its own tint is 4.4:1 (axe's colour-contrast, small text): a darker blue, a lighter one in dark.
  Requested: "bg-info-600/12 text-[color-mix(in_srgb,var(--color-info-600)_75%,black)] dark:text-[color-mix(in_srgb,var(--color-info-600)_60%,white)]",
  InProcess: "bg-primary-600/12 text-primary-700 dark:text-primary-300",
  // The same for orange and green: their 600 on their own tint is under 4.5:1.
  CorrectionNeeded: "bg-warning-600/12 text-[color-mix(in_srgb,var(--color-warning-600)_65%,black)] dark:text-[color-mix(in_srgb,var(--color-warning-600)_60%,white)]",
  Done: "bg-success-600/12 text-[color-mix(in_srgb,var(--color-success-600)_70%,black)] dark:text-[color-mix(in_srgb,var(--color-success-600)_60%,white)]",
  Canceled: "bg-[color-mix(in_srgb,var(--text)_8%,transparent)] muted",
};

export function StatusBadge({ status }: { status: RequestStatusA }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`} data-testid="order-status" data-status={status}>
      {t(STATUS_A_KEYS[status])}
    </span>
  );
}

export function Languages({ from, to, locale }: { from: OrderLanguage; to: OrderLanguage; locale: Locale }) {
  const t = useT();
  return <span>{t("translation.fromTo", { from: text(from.name, locale), to: text(to.name, locale) })}</span>;
}

/**
 * Links to the documents (served by the API to the agency and admins only; the cookie carries the session, so a link
 * works before any script). `onDownload` saves it under its own name instead, when the page's script is there.
 */
export function DocumentLinks({ documents, testId, onDownload }: { documents: OrderDocument[]; testId: string; onDownload?: (document: OrderDocument) => void }) {
  if (!documents.length) return null;
  return (
    <ul className="flex flex-col gap-1" data-testid={testId}>
      {documents.map((d) => (
        <li key={d._id}>
          <a className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300" href={d.url} download={d.name} data-testid="document-link"
            onClick={onDownload && ((event) => {
              event.preventDefault();
              onDownload(d);
            })}
          >
            {d.kind === "result" ? <Download size={16} aria-hidden="true" /> : <FileText size={16} aria-hidden="true" />}
            <bdi>{d.name}</bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ExportButtons({ onExport }: { onExport?: (format: ExportFormat) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(format: ExportFormat) {
    if (!onExport) return;
    setBusy(format);
    try {
      await onExport(format);
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("translation.export")}>
      {(["csv", "xlsx", "pdf"] as const).map((format) => (
        <Button key={format} size="sm" icon={Download} onClick={() => void run(format)} disabled={busy !== null} aria-busy={busy === format || undefined}>
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

/**
 * A native file picker (PDF and the image types the API accepts) tied to its Field's label and hint through the ui
 * Field's context (useFieldControl), so screen readers name it.
 */
export const FilePicker = forwardRef<HTMLInputElement, { onFiles: (files: File[]) => void; testId: string }>(function FilePicker({ onFiles, testId }, ref) {
  const control = useFieldControl(false);
  return (
    <input
      {...control}
      ref={ref} type="file" multiple accept="application/pdf,image/jpeg,image/png,image/webp" data-testid={testId}
      onChange={(e) => onFiles([...(e.target.files ?? [])])}
      className="block w-full text-sm file:me-3 file:rounded-full file:border file:border-[var(--border)] file:bg-[var(--surface)] file:px-4 file:py-1.5"
    />
  );
});
