/** Small pieces the translation pages share: the status badge, the languages of an order, file lists, export buttons. */
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
import { downloadDocument, downloadExport } from "./api";

import { text } from "./labels";

export { Languages, text } from "./labels";

const TONES: Record<RequestStatusA, string> = {
  Requested: "bg-info-600/12 text-info-600",
  InProcess: "bg-primary-600/12 text-primary-700 dark:text-primary-300",
  CorrectionNeeded: "bg-warning-600/12 text-warning-600",
  Done: "bg-success-600/12 text-success-600",
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

/** Links to the documents (served by the API to the agency and admins only; the cookie carries the session). */
export function DocumentLinks({ documents, testId }: { documents: OrderDocument[]; testId: string }) {
  if (!documents.length) return null;
  return (
    <ul className="flex flex-col gap-1" data-testid={testId}>
      {documents.map((d) => (
        <li key={d._id}>
          <a className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300" href={d.url} download={d.name} data-testid="document-link"
            onClick={(event) => {
              event.preventDefault();
              downloadDocument(d.url, d.name).catch(() => undefined);
            }}
          >
            {d.kind === "result" ? <Download size={16} aria-hidden="true" /> : <FileText size={16} aria-hidden="true" />}
            <bdi>{d.name}</bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ExportButtons({ path, locale }: { path: string; locale: Locale }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(format: "csv" | "xlsx" | "pdf") {
    setBusy(format);
    try {
      await downloadExport(path, locale, format);
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
