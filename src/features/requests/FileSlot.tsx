/**
 * One document to attach (a requirement of the visa): choose a file (keyboard: the button opens the picker), see
 * it upload with a progress bar, replace or remove it. The check and the upload belong to the caller's store; this
 * only shows the slot's state. Used by the filing form and by the re-upload on /requests/{id}.
 */
import { CircleCheck, FileUp, X } from "../../components/ui/icons";
import { useId, useRef } from "react";
import { formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import { DOCUMENT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../../lib/upload-types";
import type { Locale } from "../../shared/locales";
import { Progress, problemText } from "./ui";

export interface FileSlotView {
  status: "empty" | "uploading" | "done" | "error" | "chosen";
  fileName?: string;
  progress?: number;
  problem?: { key: string } | { text: string };
}

export interface FileSlotProps {
  label: string;
  description?: string;
  required?: boolean;
  /** Asked for again by the admin (DocumentNeeded). */
  highlighted?: boolean;
  slot: FileSlotView;
  /** A message key for a form-level problem (required, still uploading). */
  error?: string;
  locale: Locale;
  onChoose: (file: File) => void;
  onCancel?: () => void;
  onRemove?: () => void;
  testId: string;
}

export function FileSlot({ label, description, required, highlighted, slot, error, locale, onChoose, onCancel, onRemove, testId }: FileSlotProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploading = slot.status === "uploading";
  const has = slot.status === "done" || slot.status === "chosen";
  const problem = slot.status === "error" ? problemText(t, slot.problem) : error ? t(error) : "";
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border p-4 ${highlighted ? "border-amber-400 bg-amber-50/60 dark:bg-amber-950/40" : "border-[var(--border)]"} ${problem ? "border-error-600!" : ""}`}
      data-testid={testId}
      data-status={slot.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium" id={`${id}-label`}>
            {label}
            {required && (
              <>
                <span aria-hidden="true" className="text-error-600 ms-0.5">*</span>
                <span className="sr-only"> ({t("filing.required")})</span>
              </>
            )}
          </p>
          {description && <p className="muted text-sm" id={`${id}-hint`}>{description}</p>}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={DOCUMENT_UPLOAD_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChoose(file);
            event.target.value = "";
          }}
          data-testid={`${testId}-input`}
        />
        <button
          type="button"
          className="btn min-h-9! px-3.5! text-sm disabled:opacity-55"
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby={description ? `${id}-hint` : undefined}
          data-testid={`${testId}-choose`}
        >
          <FileUp size={18} aria-hidden="true" />
          {has ? t("filing.replaceFile") : t("filing.chooseFile")}
          <span className="sr-only">: {label}</span>
        </button>
      </div>
      {uploading && (
        <div className="flex items-center gap-2">
          <Progress value={slot.progress ?? 0} label={t("filing.uploading", { name: slot.fileName ?? label })} testId={`${testId}-progress`} />
          <span className="w-12 text-end text-xs tabular-nums">{formatNumber(slot.progress ?? 0, locale, { style: "percent" })}</span>
          {onCancel && (
            <button type="button" className="btn-icon size-9!" onClick={onCancel} aria-label={t("filing.cancelUpload", { name: slot.fileName ?? label })}>
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      {has && (
        <p className="flex items-center gap-2 text-sm" data-testid={`${testId}-file`}>
          <CircleCheck size={18} aria-hidden="true" className="shrink-0 text-emerald-700 dark:text-emerald-300" />
          <span className="min-w-0 truncate" dir="auto">{slot.fileName}</span>
          <span className="muted">{slot.status === "done" ? t("filing.uploaded") : t("filing.ready")}</span>
          {onRemove && (
            <button type="button" className="ms-auto text-sm font-semibold text-error-600 hover:underline" onClick={onRemove}>
              {t("filing.removeFile")}
              <span className="sr-only">: {label}</span>
            </button>
          )}
        </p>
      )}
      {problem && (
        <p className="text-sm text-error-600" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </p>
      )}
      {!has && !uploading && !problem && (
        <p className="muted text-xs">{t("filing.fileRules", { size: formatNumber(MAX_UPLOAD_BYTES / (1024 * 1024), locale) })}</p>
      )}
    </li>
  );
}
