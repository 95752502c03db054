/**
 * Filing a visa request (/visa/{id}/request): the applicant's values by the visa's field kinds, its required
 * documents, the money (agencies only: staff never see a price or a balance, DESIGN §3) and the submission.
 *
 * - Validation is the API's own schema, `applicantSchema(visa.fields)` of src/contract/requests.ts. That module
 *   loads zod, so it is imported on first need (right after the visa arrives), not with the page.
 * - Documents are uploaded one by one as they are chosen (requests/upload-attachment-to-s3-by-agent), checked first
 *   as the API checks them (type by leading bytes, at most 10 MB); the filing names their attachment ids.
 * - One Idempotency-Key per submission: a double click sends nothing twice, and a retry after no answer (or a
 *   server failure) sends the same key, so the agency is never charged twice. A definite answer ends the submission:
 *   the next attempt is a new one with a new key (the same key with another body would be a 409).
 */
import { FetchError } from "ofetch";
import { atom, map } from "nanostores";
import type { FieldKind, Visa } from "../../contract/catalogue";
import type { ApplicantFields, FilingInput } from "../../contract/requests";
import { checkFile, DOCUMENT_UPLOAD_TYPES, UploadError } from "../../lib/upload";
import { sessionKind } from "../../lib/session";
import { fetchAgencyBalance, fetchVisaToFile, fileRequest, uploadAttachment } from "./api";
import { FIELD_INPUT, OPTIONAL_KINDS } from "./fields";
import { checkDocument, documentProblem } from "./document-check";
import { SELLING_PRICE, documentRequirements, type DocumentSlot, type FilingErrors, type Loadable, type MoneyView, type SubmitState } from "./filing-model";
import { parseMoney } from "../../components/ui/numbers";

export { checkDocument, documentProblem };
import type { PassportFields, PassportScan } from "./passport-reader-props";

export { FIELD_INPUT, FIELD_LABEL, OPTIONAL_KINDS } from "./fields";

export { documentRequirements, moneySummary } from "./filing-model";
export type { DocumentSlot, FilingErrors, Loadable, MoneyView, SubmitState } from "./filing-model";

export const $visa = atom<Loadable<Visa>>({ status: "loading" });
export const $money = atom<MoneyView>({ status: "loading" });
export const $values = map<Record<string, string>>({});
export const $errors = atom<FilingErrors>({});
/** Fields filled by the passport reader and not typed over since: marked "read from the passport", never blocking. */
export const $scanned = atom<readonly FieldKind[]>([]);
export const $documents = map<Record<string, DocumentSlot>>({});
export const $submit = atom<SubmitState>({ status: "idle" });

type Schema = { safeParse(input: unknown): { success: true; data: ApplicantFields } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };
let contract: Promise<typeof import("../../contract/requests")> | null = null;
/** The contract's schemas (and zod with them), loaded once, on first need. */
export const loadContract = () => (contract ??= import("../../contract/requests"));

let visaGeneration = 0;
const uploads = new Map<string, AbortController>();

/** Starts (or restarts) the form for a visa: loads it, the agency's balance, and the validation rules. */
export async function startFiling(visaId: string): Promise<void> {
  const mine = ++visaGeneration;
  for (const controller of uploads.values()) controller.abort();
  uploads.clear();
  $visa.set({ status: "loading" });
  $values.set({});
  $errors.set({});
  $scanned.set([]);
  $documents.set({});
  $submit.set({ status: "idle" });
  submission = null;
  void loadMoney();
  void loadContract().catch((error: unknown) => console.debug("filing: rules not loaded yet", error));
  try {
    const visa = await fetchVisaToFile(visaId);
    if (mine !== visaGeneration) return;
    $values.set(Object.fromEntries(visa.fields.map((kind) => [kind, ""])));
    $visa.set({ status: "ready", data: visa });
  } catch (error) {
    if (mine !== visaGeneration) return;
    const notFound = error instanceof FetchError && (error.status === 404 || error.status === 400);
    $visa.set({ status: notFound ? "notFound" : "error" });
  }
}

/** The agency's balance; staff users (kind User) never see money, so nothing is asked for them. */
export async function loadMoney(): Promise<void> {
  if (sessionKind() !== "Agent") {
    $money.set({ status: "hidden" });
    return;
  }
  $money.set({ status: "loading" });
  try {
    const { balance, currency, credit } = await fetchAgencyBalance();
    $money.set({ status: "ready", balance, currency, ...(credit ? { credit } : {}) });
  } catch {
    $money.set({ status: "error" });
  }
}

/** The values the filing sends: the visa's field kinds only, trimmed; an optional one left empty is left out. */
export function filingFields(visa: Visa, values: Record<string, string>): ApplicantFields {
  const fields: ApplicantFields = {};
  for (const kind of visa.fields) {
    const value = (values[kind] ?? "").trim();
    if (value || !OPTIONAL_KINDS.includes(kind)) fields[kind] = value;
  }
  return fields;
}

/** Checks the values with the API's schema and the documents for presence; answers the errors (message keys). */
export async function validate(visa: Visa, values: Record<string, string>, documents: Record<string, DocumentSlot>): Promise<FilingErrors> {
  const { applicantSchema } = await loadContract();
  const errors: FilingErrors = {};
  const result = (applicantSchema(visa.fields) as unknown as Schema).safeParse(filingFields(visa, values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] ??= issue.message;
    }
  }
  for (const requirement of documentRequirements(visa)) {
    const slot = documents[requirement._id];
    if (slot?.status === "uploading") errors[`doc:${requirement._id}`] = "filing.documentUploading";
    else if (requirement.required && slot?.status !== "done") errors[`doc:${requirement._id}`] = "filing.documentRequired";
  }
  return errors;
}

/** Types a value; once errors are shown they follow the typing, so a fixed field loses its error at once. */
export function setValue(kind: FieldKind, value: string): void {
  $values.setKey(kind, value);
  // Typing over a scanned value makes it the agent's own: no longer marked as read from the passport.
  if ($scanned.get().includes(kind)) $scanned.set($scanned.get().filter((k) => k !== kind));
  if (Object.keys($errors.get()).length) void revalidate();
}

/** Types the agency's selling price (issue 30); an error shown on it follows the typing. */
export function setSellingPrice(text: string): void {
  $values.setKey(SELLING_PRICE, text);
  if ($errors.get()[SELLING_PRICE]) $errors.set(withSellingPrice({ ...$errors.get() }).errors);
}

/** The selling price typed (minor units; null: none), or its problem added to `errors`. Only agencies see money. */
function withSellingPrice(errors: FilingErrors): { errors: FilingErrors; sellingPrice: number | null } {
  delete errors[SELLING_PRICE];
  const money = $money.get();
  if (money.status !== "ready") return { errors, sellingPrice: null };
  const parsed = parseMoney($values.get()[SELLING_PRICE] ?? "", money.currency);
  if (parsed.problem) errors[SELLING_PRICE] = parsed.problem;
  return { errors, sellingPrice: parsed.value ?? null };
}

async function revalidate(): Promise<void> {
  const visa = $visa.get();
  if (visa.status !== "ready") return;
  const next = await validate(visa.data, $values.get(), $documents.get());
  // Only errors already shown are updated: a field the agent has not reached yet does not turn red while typing.
  const shown = $errors.get();
  $errors.set(Object.fromEntries(Object.keys(shown).filter((key) => next[key]).map((key) => [key, next[key]])));
}

/**
 * The passport reader's answer (src/features/requests/passport-slot.ts has the contract): fills the visa's fields it
 * read, as the agent reviewed and corrected them in the reader (issue 26 item 6: one review, no second confirmation
 * per field), and marks them "read from the passport". Kinds the visa does not ask for are
 * ignored; empty values never clear what is there. The kept scan becomes the passport document when that slot is
 * still empty.
 */
export function fillFromPassport(fields: PassportFields, picture?: PassportScan): FieldKind[] {
  const visa = $visa.get();
  if (visa.status !== "ready") return [];
  const filled = visa.data.fields.filter((kind) => typeof fields[kind] === "string" && fields[kind]!.trim() !== "");
  for (const kind of filled) $values.setKey(kind, fields[kind]!.trim());
  $scanned.set([...new Set([...$scanned.get(), ...filled])]);
  const passport = documentRequirements(visa.data).find((r) => /passport/i.test(r.name.en));
  if (picture?.attachment && passport && ($documents.get()[passport._id]?.status ?? "empty") !== "done") {
    uploads.get(passport._id)?.abort();
    $documents.setKey(passport._id, { status: "done", fileName: picture.attachment.name, attachment: picture.attachment });
  }
  if (Object.keys($errors.get()).length) void revalidate();
  return filled;
}

/** Chooses (or replaces) the document of a requirement: checked, then uploaded with progress. */
export async function chooseDocument(requirementId: string, file: File): Promise<void> {
  uploads.get(requirementId)?.abort();
  const problem = await checkDocument(file);
  if (problem) {
    $documents.setKey(requirementId, { status: "error", fileName: file.name, problem });
    return;
  }
  const controller = new AbortController();
  uploads.set(requirementId, controller);
  $documents.setKey(requirementId, { status: "uploading", fileName: file.name, progress: 0 });
  try {
    const attachment = await uploadAttachment(file, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (uploads.get(requirementId) === controller) $documents.setKey(requirementId, { status: "uploading", fileName: file.name, progress });
      },
    });
    if (uploads.get(requirementId) !== controller) return;
    $documents.setKey(requirementId, { status: "done", fileName: file.name, attachment });
    const errors = { ...$errors.get() };
    if (errors[`doc:${requirementId}`]) {
      delete errors[`doc:${requirementId}`];
      $errors.set(errors);
    }
  } catch (error) {
    if (uploads.get(requirementId) !== controller) return;
    if (error instanceof DOMException && error.name === "AbortError") $documents.setKey(requirementId, { status: "empty" });
    else $documents.setKey(requirementId, { status: "error", fileName: file.name, problem: documentProblem(error) });
  } finally {
    if (uploads.get(requirementId) === controller) uploads.delete(requirementId);
  }
}

/** Stops an upload under way; the slot is empty again. */
export function cancelUpload(requirementId: string): void {
  uploads.get(requirementId)?.abort();
}

export function removeDocument(requirementId: string): void {
  uploads.get(requirementId)?.abort();
  $documents.setKey(requirementId, { status: "empty" });
}

/** The submission in flight or waiting for a retry: its key and the body it was made for. */
let submission: { key: string; body: string } | null = null;
let sending: Promise<SubmitState> | null = null;

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key of the current submission (tests, and the retry that must reuse it). */
export const currentIdempotencyKey = () => submission?.key ?? null;

/** The shortfall a 402 names (its `shortfall` field, minor units), or null when the answer does not say. */
function shortfallOf(error: FetchError): number | null {
  const data = error.data as { shortfall?: unknown } | undefined;
  return typeof data?.shortfall === "number" ? data.shortfall : null;
}

/**
 * Validates and files. A second call while one is under way (a double click) waits for the same answer.
 * After success the agency's balance is read again for the header (the price was charged).
 */
export function submitFiling(): Promise<SubmitState> {
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}

async function send(): Promise<SubmitState> {
  const visa = $visa.get();
  if (visa.status !== "ready") return $submit.get();
  const { errors, sellingPrice } = withSellingPrice(await validate(visa.data, $values.get(), $documents.get()));
  $errors.set(errors);
  if (Object.keys(errors).length) {
    $submit.set({ status: "idle" });
    return $submit.get();
  }
  const input: FilingInput = {
    visaId: visa.data._id,
    ...(sellingPrice === null ? {} : { sellingPrice }),
    fields: filingFields(visa.data, $values.get()) as Record<string, string>,
    documents: documentRequirements(visa.data).flatMap((requirement) => {
      const slot = $documents.get()[requirement._id];
      return slot?.status === "done" && slot.attachment ? [{ attachmentId: slot.attachment._id, requirementId: requirement._id }] : [];
    }),
  };
  const body = JSON.stringify(input);
  if (!submission || submission.body !== body) submission = { key: newIdempotencyKey(), body };
  $submit.set({ status: "sending" });
  try {
    const request = await fileRequest(input, submission.key);
    submission = null;
    // The balance is read again before the page moves on, so the next page's header shows what was charged.
    await afterCharge();
    $submit.set({ status: "done", request });
  } catch (error) {
    const status = error instanceof FetchError ? error.status : undefined;
    // No answer, or the server failed: the same submission may be sent again with the same key.
    const definite = status !== undefined && status < 500;
    if (definite) submission = null;
    if (status === 402) {
      $submit.set({ status: "insufficient", shortfall: shortfallOf(error as FetchError) });
      void loadMoney();
    } else {
      if (status === 400) applyServerErrors(error as FetchError);
      $submit.set({ status: "failed" });
    }
  }
  return $submit.get();
}

/** A 400 from the API names fields in its messages ("FullName: …"): mark those fields too. */
function applyServerErrors(error: FetchError): void {
  const data = error.data as { message?: string | string[] } | undefined;
  const messages = Array.isArray(data?.message) ? data.message : data?.message ? [data.message] : [];
  const errors = { ...$errors.get() };
  for (const message of messages) {
    const field = /(?:fields\.)?([A-Za-z]+)\b/.exec(message)?.[1];
    if (field && field in FIELD_INPUT) errors[field] ??= "validation.invalid";
  }
  $errors.set(errors);
}

/** The header's balance (and the form's) after a charge: read again from the API, agencies only. */
async function afterCharge(): Promise<void> {
  if (sessionKind() !== "Agent") return;
  try {
    const { refreshBalance } = await import("../../lib/session.store");
    const balance = await refreshBalance();
    if (balance) $money.set({ status: "ready", balance: balance.balance, currency: balance.currency, ...(balance.credit ? { credit: balance.credit } : {}) });
  } catch (error) {
    console.debug("filing: balance not refreshed", error);
  }
}
