/**
 * "Scan passport" (issue 14): the agent takes a photo of the passport's data page (camera on phones) or picks an
 * image or a PDF page (pdf.js draws it; loaded only for PDFs); the MRZ is read in the browser (tesseract.js in a Web Worker, loaded only now), validated by
 * passport-reader/ocr, shown for confirmation with its flags, and handed to the form.
 *
 * Mounted in the filing form through its passport slot (FilingPassportReader.tsx). Elsewhere — inside an island
 * wrapped in withI18n, with "passport" among the page's messagesFor prefixes:
 *
 *   <PassportReader travelDate={values.TravelDate} onFill={(fill, picture) => {
 *     // fill: { FullName, FullQuadRupleName?, PassportNumber, DateOfBirth, PassportExpiry, Nationality?, Sex? }
 *     // set the form's fields the visa has (the agent reviewed and corrected them here: nothing more to confirm);
 *     // picture.attachment (kept through passport-reader/upload) is the passport document to name when filing.
 *   }} />
 *
 * The agent can always type by hand: the reader only fills fields, and every filled field stays editable.
 */
import { useStore } from "../../lib/use-store";
import { AlertTriangle, Camera, CheckCircle2, FileStack, ImageUp, ScanLine } from "../../components/ui/icons";
import { useId, useState, type ChangeEvent } from "react";
import type { PassportReading } from "../../contract/passport";
import { Button, buttonClass } from "../../components/ui/Button";
import { Dialog } from "../../components/ui/Dialog";
import { ProgressBar } from "../../components/ui/Feedback";
import { formatDate, formatNumber } from "../../components/ui/format";
import { useT, pageLocale, type TFn } from "../../lib/i18n";
import type { CheckedField, MrzFlag, PassportFieldKind } from "../../shared/mrz";
import { nationalityName } from "../../shared/nationality";
import { $picture, $reader, choosePage, closeReader, fillFrom, keepPicture, readPdfPage, readPicture, resetReader, type PassportFill, type PassportPicture } from "./passport.store";

export type { PassportFill, PassportPicture } from "./passport.store";

const FIELD_LABELS: Record<PassportFieldKind, string> = {
  FullName: "passport.field.FullName",
  FullQuadRupleName: "passport.field.FullQuadRupleName",
  PassportNumber: "passport.field.PassportNumber",
  DateOfBirth: "passport.field.DateOfBirth",
  PassportExpiry: "passport.field.PassportExpiry",
  Nationality: "passport.field.Nationality",
  Sex: "passport.field.Sex",
};

const CHECK_LABELS: Record<CheckedField, string> = {
  documentNumber: "passport.checkField.documentNumber",
  birthDate: "passport.checkField.birthDate",
  expiryDate: "passport.checkField.expiryDate",
  personalNumber: "passport.checkField.personalNumber",
  composite: "passport.checkField.composite",
};

/** Which shown field a failed check concerns (the composite concerns the whole line). */
const FIELD_OF_CHECK: Partial<Record<CheckedField, PassportFieldKind>> = {
  documentNumber: "PassportNumber",
  birthDate: "DateOfBirth",
  expiryDate: "PassportExpiry",
};

/**
 * Letters-only fields no check digit covers (ICAO 9303): a misread letter there passes silently, so the agent is
 * asked to compare them with the passport whatever the OCR's confidence.
 */
const UNCHECKED: ReadonlySet<PassportFieldKind> = new Set(["FullName", "FullQuadRupleName", "Nationality"]);

/** The file inputs are visually hidden; their labels look like buttons and show the input's keyboard focus. */
const FOCUS_RING = "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500";

const SEX_LABELS: Record<string, string> = { M: "passport.sex.M", F: "passport.sex.F" };

/**
 * Values the agent corrects in the review itself (issue 26 item 6: one review, then the form is filled and done): the
 * typed ones a misread letter can spoil. Dates, sex and nationality are checked or chosen, and stay editable in the form.
 */
const CORRECTABLE: ReadonlySet<PassportFieldKind> = new Set(["FullName", "FullQuadRupleName", "PassportNumber"]);

const isDateKind = (kind: PassportFieldKind) => kind === "DateOfBirth" || kind === "PassportExpiry";
const showDate = (iso: string) => formatDate(`${iso}T00:00:00Z`, pageLocale(), { dateStyle: "medium", timeZone: "UTC" });

export function displayValue(kind: PassportFieldKind, value: string, t: TFn): string {
  if (isDateKind(kind)) return showDate(value);
  if (kind === "Sex") return SEX_LABELS[value] ? t(SEX_LABELS[value]!) : value;
  // A country's name, not its code ("Iraq", not "IRQ"): the form's field keeps the code the API reads.
  if (kind === "Nationality") return nationalityName(value, pageLocale());
  return value;
}

function flagText(flag: MrzFlag, t: TFn): string {
  switch (flag.code) {
    case "CHECK_DIGIT_FAILED":
      return t("passport.flag.checkFailed", { field: t(CHECK_LABELS[flag.field]) });
    case "INVALID_DATE":
      return t("passport.flag.invalidDate", { field: t(CHECK_LABELS[flag.field]) });
    case "EXPIRED":
      return t("passport.flag.expired", { date: showDate(flag.expiryDate) });
    case "EXPIRES_SOON":
      return t("passport.flag.expiresSoon", { date: showDate(flag.expiryDate), reference: showDate(flag.reference) });
  }
}

export interface PassportReaderProps {
  /**
   * Called when the agent confirms: the values by field kind, and the picture — already kept through
   * passport-reader/upload (`picture.attachment._id` is the attachment to name as the passport document; null when
   * it could not be kept).
   */
  onFill: (fill: PassportFill, picture: PassportPicture) => void;
  /** YYYY-MM-DD: the six-month rule counts from it (from today without it). */
  travelDate?: string;
  /** Keep the picture through passport-reader/upload on confirm (default true). */
  keepPicture?: boolean;
}

export function PassportReader({ onFill, travelDate, keepPicture: keep = true }: PassportReaderProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const state = useStore($reader);
  const [keeping, setKeeping] = useState(false);
  // The agent's corrections of read values, by field (cleared with each new reading).
  const [corrected, setCorrected] = useState<Partial<Record<PassportFieldKind, string>>>({});
  const cameraId = useId();
  const fileId = useId();

  const close = () => {
    setOpen(false);
    setCorrected({});
    void closeReader();
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void readPicture(file, travelDate || undefined);
  };
  const confirm = async (reading: PassportReading) => {
    setKeeping(true);
    const picture = keep ? await keepPicture() : { file: $picture.get(), attachment: null };
    setKeeping(false);
    onFill({ ...fillFrom(reading), ...corrected }, picture);
    setCorrected({});
    close();
  };

  const pickers = (
    <div className="flex flex-wrap gap-2">
      {/* `capture` opens the camera on phones; desktops ignore it and show the file picker. */}
      {/* Each input before its label, so the label (peer-*) can show the hidden input's focus. */}
      <span className="inline-flex">
        <input id={cameraId} type="file" accept="image/*" capture="environment" className="peer sr-only" onChange={onPick} data-testid="passport-camera" />
        <label htmlFor={cameraId} className={buttonClass("primary", "md", FOCUS_RING)}>
          <Camera size={20} aria-hidden="true" />
          {t("passport.takePhoto")}
        </label>
      </span>
      <span className="inline-flex">
        <input id={fileId} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" className="peer sr-only" onChange={onPick} data-testid="passport-file" />
        <label htmlFor={fileId} className={buttonClass("outline", "md", FOCUS_RING)}>
          <ImageUp size={20} aria-hidden="true" />
          {t("passport.chooseFile")}
        </label>
      </span>
    </div>
  );

  const tips = (
    <div className="mt-4 text-sm" data-testid="passport-tips">
      <p className="font-semibold">{t("passport.tipsTitle")}</p>
      <ul className="mt-1 list-disc ps-5">
        <li>{t("passport.tipLight")}</li>
        <li>{t("passport.tipFlat")}</li>
        <li>{t("passport.tipWhole")}</li>
      </ul>
      <p className="mt-2 muted">{t("passport.typeByHand")}</p>
    </div>
  );

  let body;
  let footer = <Button onClick={close}>{t("passport.cancel")}</Button>;
  if (state.step === "pick") {
    body = (
      <>
        <p className="mb-4">{t("passport.intro")}</p>
        {pickers}
        {state.note && (
          <p role="status" className="mt-3 text-sm font-semibold text-amber-900 dark:text-amber-100" data-testid="passport-note">
            {state.note === "pdf" ? t("passport.pdfFailed") : t("passport.fileType")}
          </p>
        )}
        {tips}
      </>
    );
  } else if (state.step === "working") {
    const label = state.phase === "pdf" ? t("passport.openingPdf") : state.phase === "engine" ? t("passport.loadingEngine") : t("passport.reading");
    body = (
      <div className="py-4" aria-busy="true" data-testid="passport-working">
        <p role="status" className="mb-3">{label}</p>
        {/* pdf.js reports no progress while it opens or draws a page: only the OCR phases have a bar. */}
        {state.phase !== "pdf" && <ProgressBar value={state.progress} label={t("passport.progress")} testId="passport-progress" />}
      </div>
    );
  } else if (state.step === "pages") {
    body = (
      <div data-testid="passport-pages">
        <p id={`${fileId}-pages`} className="mb-3">{t("passport.pickPage")}</p>
        {state.total > state.pages && <p className="mb-3 text-sm muted">{t("passport.firstPages", { shown: formatNumber(state.pages, pageLocale()) })}</p>}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={`${fileId}-pages`}>
          {state.previews.map((preview, i) => (
            <li key={i}>
              <button
                type="button"
                className="flex w-full flex-col items-center gap-2 rounded-2xl border-[1.5px] border-[color-mix(in_srgb,var(--text)_25%,transparent)] p-2 font-semibold hover:border-primary-600"
                onClick={() => void readPdfPage(i + 1)}
                data-testid={`passport-page-${i + 1}`}
              >
                {preview ? (
                  <img src={preview} alt="" className="h-36 w-full object-contain" />
                ) : (
                  <span className="flex h-36 w-full items-center justify-center" aria-hidden="true">
                    <FileStack size={32} className="muted" />
                  </span>
                )}
                {t("passport.page", { number: formatNumber(i + 1, pageLocale()) })}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (state.step === "unreadable") {
    body = (
      <div data-testid="passport-unreadable">
        <p role="alert" className="flex items-center gap-2 font-semibold text-error-600">
          <AlertTriangle size={20} aria-hidden="true" />
          {state.reason === "engine" ? t("passport.engineFailed") : t("passport.unreadable")}
        </p>
        {tips}
        <div className="mt-4 flex flex-wrap gap-2">
          {state.pages && (
            <Button icon={FileStack} onClick={choosePage} data-testid="passport-other-page">
              {t("passport.otherPage")}
            </Button>
          )}
          {pickers}
        </div>
      </div>
    );
  } else {
    const { reading } = state;
    const failedFields = new Set(
      reading.flags.flatMap((f) => (f.code === "CHECK_DIGIT_FAILED" && FIELD_OF_CHECK[f.field] ? [FIELD_OF_CHECK[f.field]!] : [])),
    );
    const repaired = new Set(reading.checks.filter((c) => c.repaired).map((c) => FIELD_OF_CHECK[c.field]).filter(Boolean));
    body = (
      <div data-testid="passport-result" data-valid={reading.valid} data-ms={state.ms} data-engine-ms={state.engineMs} data-attempts={state.attempts}>
        <p className="mb-3 muted text-sm">{t("passport.resultHint")}</p>
        {reading.flags.length > 0 && (
          <div role="alert" className="mb-4">
          <ul className="flex flex-col gap-2" data-testid="passport-flags">
            {reading.flags.map((flag, i) => (
              <li
                key={i}
                className={`flex items-start gap-2 rounded-2xl border px-3 py-2 text-sm ${flag.code === "EXPIRES_SOON" ? "border-amber-500 text-amber-900 dark:text-amber-100" : "border-error-600 text-error-600"}`}
                data-testid={`passport-flag-${flag.code}`}
                data-field={"field" in flag ? flag.field : undefined}
              >
                <AlertTriangle size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                {flagText(flag, t)}
              </li>
            ))}
          </ul>
          </div>
        )}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          {reading.fields.map((field) => {
            const doubt = failedFields.has(field.kind) || field.confidence < 0.7;
            const unchecked = !doubt && UNCHECKED.has(field.kind);
            return (
              <div key={field.kind} className="contents" data-testid={`passport-field-${field.kind}`} data-value={field.value}>
                <dt className="font-semibold">
                  {CORRECTABLE.has(field.kind) ? <label htmlFor={`passport-value-${field.kind}`}>{t(FIELD_LABELS[field.kind])}</label> : t(FIELD_LABELS[field.kind])}
                </dt>
                <dd className="flex flex-wrap items-center gap-2">
                  {CORRECTABLE.has(field.kind) ? (
                    <input
                      id={`passport-value-${field.kind}`}
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                      className={`field min-w-0 flex-1 ${field.kind === "PassportNumber" ? "font-mono" : ""} ${doubt || unchecked ? "border-amber-500!" : ""}`}
                      value={corrected[field.kind] ?? field.value}
                      aria-describedby={`passport-note-${field.kind}`}
                      onChange={(event) => setCorrected((c) => ({ ...c, [field.kind]: event.target.value.toUpperCase() }))}
                      data-testid={`passport-value-${field.kind}`}
                    />
                  ) : (
                    <span dir={field.kind === "Nationality" ? undefined : "ltr"} className={field.kind === "PassportNumber" ? "font-mono" : undefined}>
                      {displayValue(field.kind, field.value, t)}
                    </span>
                  )}
                  {/* Plain words: where the reader was unsure, what has no check, what its check digit confirmed. */}
                  <span
                    id={`passport-note-${field.kind}`}
                    className={`text-xs ${doubt || unchecked ? "font-semibold text-amber-900 dark:text-amber-100" : "muted"}`}
                    data-testid={`passport-note-${field.kind}`}
                    data-unsure={doubt || unchecked ? "true" : "false"}
                  >
                    {doubt ? t("passport.checkThis") : unchecked ? t("passport.compareWithPassport") : t("passport.checked")}
                  </span>
                  {repaired.has(field.kind) && <span className="text-xs text-blue-800 dark:text-blue-200">{t("passport.repaired")}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    );
    footer = (
      <>
        <Button onClick={() => { setCorrected({}); resetReader(); }}>{t("passport.tryAgain")}</Button>
        <Button variant="primary" icon={CheckCircle2} pending={keeping} onClick={() => void confirm(reading)} data-testid="passport-fill">
          {t("passport.fill")}
        </Button>
      </>
    );
  }

  return (
    <>
      <Button
        icon={ScanLine}
        onClick={() => {
          resetReader();
          setOpen(true);
        }}
        data-testid="passport-scan"
      >
        {t("passport.scan")}
      </Button>
      <Dialog open={open} onClose={close} title={state.step === "result" ? t("passport.resultTitle") : t("passport.title")} size="md" footer={footer} testId="passport-dialog">
        {body}
      </Dialog>
    </>
  );
}
