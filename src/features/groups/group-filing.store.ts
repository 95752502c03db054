/**
 * Filing for a group (issue 28 item 1): 2–200 travellers of the visa of /visa/{id}/request, each with the visa's
 * fields and documents; shared documents (a group letter, a hotel booking) uploaded once for all. Each row is checked
 * with the API's own applicantSchema (the single filing form's rule, loaded with zod on first need) and shows its
 * state: complete, a field missing or wrong, a document missing. The total (price × travellers) and the balance after
 * it are shown to agencies (staff see no money). One Idempotency-Key per submission covers the whole group.
 * Rows come from typing, a spreadsheet (spreadsheet.ts, loaded when a file is dropped) or passport scans.
 */
import { chargeOutlook } from "../../shared/credit";
import { FetchError } from "ofetch";
import { atom } from "nanostores";
import type { FieldKind, Visa } from "../../contract/catalogue";
import type { GroupFilingInput, RequestGroup } from "../../contract/request-groups";
import type { ApplicantFields } from "../../contract/requests";
import { uploadAttachment } from "../requests/api";
import { checkDocument, documentProblem } from "../requests/document-check";
import { OPTIONAL_KINDS } from "../requests/fields";
import { SELLING_PRICE, documentRequirements, type DocumentSlot, type Loadable, type MoneyView } from "../requests/filing-model";
import { parseMoney } from "../../components/ui/numbers";
import { fileGroup } from "./api";

export const MIN_TRAVELLERS = 2;
export const MAX_TRAVELLERS = 200;

export interface TravellerRow {
  key: string;
  values: Record<string, string>;
  /** The traveller's own documents by requirement id (requirements not shared). */
  documents: Record<string, DocumentSlot>;
  /** Fields a passport scan filled that the agent should look at (uncertain reading). */
  uncertain?: FieldKind[];
  /** Where the row came from: the spreadsheet's row number, or the scanned file's name. */
  origin?: { line: number } | { file: string };
}

/** Errors of one row by field kind, or "doc:<requirementId>" for a document: message keys (or the API's own words). */
export type RowErrors = Partial<Record<string, string>>;
export type RowState = "complete" | "field" | "document";

export type GroupSubmit =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "insufficient"; message: string }
  | { status: "failed"; message: string | null }
  | { status: "done"; group: RequestGroup };

export const $rows = atom<TravellerRow[]>([]);
export const $shared = atom<Record<string, DocumentSlot>>({});
/** Errors shown, by row key (rows are checked as they change once shown: after an import, a scan or a first submit). */
export const $rowErrors = atom<Record<string, RowErrors>>({});
export const $submit = atom<GroupSubmit>({ status: "idle" });
export const $groupName = atom("");

let visa: Visa | null = null;
/**
 * The agency's currency once its money is known (issue 30): each row may then carry the traveller's selling price
 * (row.values[SELLING_PRICE], optional, checked as on the single filing form). null for staff, who never type a price.
 */
let sellingCurrency: string | null = null;
let counter = 0;
const newKey = () => `t${++counter}`;
const emptyValues = (v: Visa) => Object.fromEntries(v.fields.map((kind) => [kind, ""]));

type Schema = { safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };
let schema: Schema | null = null;
let contract: Promise<typeof import("../../contract/requests")> | null = null;
const loadContract = () => (contract ??= import("../../contract/requests"));

/** Starts the group form for the visa (two empty travellers); the rules load now, with zod. */
export async function startGroup(v: Visa): Promise<void> {
  visa = v;
  $rows.set([{ key: newKey(), values: emptyValues(v), documents: {} }, { key: newKey(), values: emptyValues(v), documents: {} }]);
  $shared.set({});
  $rowErrors.set({});
  $submit.set({ status: "idle" });
  submission = null;
  const { applicantSchema } = await loadContract();
  schema = applicantSchema(v.fields) as unknown as Schema;
}

/** The agency's money is known (its currency) or hidden (staff: null): whether rows carry a selling price. */
export function sellIn(currency: string | null): void {
  sellingCurrency = currency;
}

/** A row's selling price in minor units (null: none typed, or staff), or the message key of its problem. */
function sellingPriceOf(row: TravellerRow): { value: number | null; problem?: string } {
  if (!sellingCurrency) return { value: null };
  const parsed = parseMoney(row.values[SELLING_PRICE] ?? "", sellingCurrency);
  return parsed.problem ? { value: null, problem: parsed.problem } : { value: parsed.value ?? null };
}

/** The visa's document requirements a traveller must bring (those not met by a shared document). */
export function ownRequirements(v: Visa, shared: Record<string, DocumentSlot>) {
  return documentRequirements(v).filter((r) => shared[r._id]?.status !== "done" && shared[r._id]?.status !== "uploading");
}

/** The values the filing sends for a row: the visa's field kinds, trimmed; an empty optional field left out. */
function fieldsOf(v: Visa, values: Record<string, string>): ApplicantFields {
  const fields: ApplicantFields = {};
  for (const kind of v.fields) {
    const value = (values[kind] ?? "").trim();
    if (value || !OPTIONAL_KINDS.includes(kind)) fields[kind] = value;
  }
  return fields;
}

/** One row checked: the applicant schema, its documents, and its passport number not used by an earlier row. */
export function checkRow(v: Visa, row: TravellerRow, rows: readonly TravellerRow[], shared: Record<string, DocumentSlot>): RowErrors {
  const errors: RowErrors = {};
  const result = schema?.safeParse(fieldsOf(v, row.values));
  if (result && !result.success) for (const issue of result.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  const passport = (row.values.PassportNumber ?? "").replace(/\s+/g, "").toUpperCase();
  if (passport && !errors.PassportNumber) {
    const first = rows.find((r) => (r.values.PassportNumber ?? "").replace(/\s+/g, "").toUpperCase() === passport);
    if (first && first.key !== row.key) errors.PassportNumber = "validation.passportTwiceInGroup";
  }
  const price = sellingPriceOf(row);
  if (price.problem) errors[SELLING_PRICE] = price.problem;
  for (const requirement of ownRequirements(v, shared)) {
    const slot = row.documents[requirement._id];
    if (slot?.status === "uploading") errors[`doc:${requirement._id}`] = "filing.documentUploading";
    else if (requirement.required && slot?.status !== "done") errors[`doc:${requirement._id}`] = "filing.documentRequired";
  }
  return errors;
}

/** complete, a field to fix, or a document to add (fields first: what the agent fixes first). */
export const stateOf = (errors: RowErrors | undefined): RowState =>
  !errors || Object.keys(errors).length === 0 ? "complete" : Object.keys(errors).some((k) => !k.startsWith("doc:")) ? "field" : "document";

/** Every row checked now (the whole preview, after an import or a submit). */
export function checkAll(): Record<string, RowErrors> {
  if (!visa) return {};
  const rows = $rows.get();
  const shared = $shared.get();
  const all = Object.fromEntries(rows.map((row) => [row.key, checkRow(visa!, row, rows, shared)]));
  $rowErrors.set(all);
  return all;
}

/** Rows already checked are checked again as they change (a fixed cell loses its error at once). */
function recheck(keys?: readonly string[]): void {
  if (!visa) return;
  const shown = $rowErrors.get();
  const rows = $rows.get();
  const shared = $shared.get();
  const next = { ...shown };
  for (const row of rows) {
    if (!(row.key in shown) || (keys && !keys.includes(row.key) && !row.values.PassportNumber)) continue;
    next[row.key] = checkRow(visa, row, rows, shared);
  }
  $rowErrors.set(next);
}

const updateRow = (key: string, change: (row: TravellerRow) => TravellerRow) => $rows.set($rows.get().map((row) => (row.key === key ? change(row) : row)));

/** `kind` is one of the visa's fields, or SELLING_PRICE (the traveller's price to the agency, issue 30). */
export function setCell(key: string, kind: FieldKind | typeof SELLING_PRICE, value: string): void {
  updateRow(key, (row) => ({ ...row, values: { ...row.values, [kind]: value }, uncertain: row.uncertain?.filter((k) => k !== kind) }));
  recheck([key]);
}

export function addTraveller(): void {
  if (!visa || $rows.get().length >= MAX_TRAVELLERS) return;
  $rows.set([...$rows.get(), { key: newKey(), values: emptyValues(visa), documents: {} }]);
}

export function removeTraveller(key: string): void {
  $rows.set($rows.get().filter((row) => row.key !== key));
  const errors = { ...$rowErrors.get() };
  delete errors[key];
  $rowErrors.set(errors);
  recheck();
}

/**
 * Rows from a spreadsheet or passport scans: they replace the rows still empty and come after the others, at most
 * MAX_TRAVELLERS in all; every row is checked at once (the preview shows each problem on its cell).
 */
export function addRows(rows: Omit<TravellerRow, "key" | "documents">[], documents: Record<string, DocumentSlot>[] = []): number {
  if (!visa) return 0;
  const kept = $rows.get().filter((row) => Object.values(row.values).some((value) => value.trim() !== "") || Object.keys(row.documents).length);
  const room = MAX_TRAVELLERS - kept.length;
  const added = rows.slice(0, Math.max(0, room)).map((row, i) => ({ ...row, key: newKey(), values: { ...emptyValues(visa!), ...row.values }, documents: documents[i] ?? {} }));
  $rows.set([...kept, ...added]);
  checkAll();
  return added.length;
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────────
const uploads = new Map<string, AbortController>();

/** Checks and uploads one file; `put` writes the slot's state wherever it lives (a row's document, a shared one). */
async function uploadInto(slotKey: string, file: File, put: (slot: DocumentSlot) => void): Promise<void> {
  uploads.get(slotKey)?.abort();
  const problem = await checkDocument(file);
  if (problem) return put({ status: "error", fileName: file.name, problem });
  const controller = new AbortController();
  uploads.set(slotKey, controller);
  put({ status: "uploading", fileName: file.name, progress: 0 });
  try {
    const attachment = await uploadAttachment(file, {
      signal: controller.signal,
      onProgress: (progress) => uploads.get(slotKey) === controller && put({ status: "uploading", fileName: file.name, progress }),
    });
    if (uploads.get(slotKey) === controller) put({ status: "done", fileName: file.name, attachment });
  } catch (error) {
    if (uploads.get(slotKey) !== controller) return;
    put(error instanceof DOMException && error.name === "AbortError" ? { status: "empty" } : { status: "error", fileName: file.name, problem: documentProblem(error) });
  } finally {
    if (uploads.get(slotKey) === controller) uploads.delete(slotKey);
  }
}

export function chooseRowDocument(key: string, requirementId: string, file: File): Promise<void> {
  return uploadInto(`${key}:${requirementId}`, file, (slot) => {
    updateRow(key, (row) => ({ ...row, documents: { ...row.documents, [requirementId]: slot } }));
    recheck([key]);
  });
}

export function chooseShared(requirementId: string, file: File): Promise<void> {
  return uploadInto(`shared:${requirementId}`, file, (slot) => {
    $shared.set({ ...$shared.get(), [requirementId]: slot });
    recheck();
  });
}

export function removeShared(requirementId: string): void {
  uploads.get(`shared:${requirementId}`)?.abort();
  const shared = { ...$shared.get() };
  delete shared[requirementId];
  $shared.set(shared);
  recheck();
}

// ── Filing ───────────────────────────────────────────────────────────────────────────────────────
let submission: { key: string; body: string } | null = null;
let sending: Promise<GroupSubmit> | null = null;

/** The API's words of a failed call (a string, or its list joined), or null. */
function messageOf(error: unknown): string | null {
  const message = error instanceof FetchError ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === "string" ? message : Array.isArray(message) ? message.join(" ") : null;
}

/** A 400 names its travellers ("travellers.3.fields.PassportNumber: …"): the words go on their cells. */
function applyServerErrors(error: unknown): boolean {
  const message = error instanceof FetchError ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  const list = Array.isArray(message) ? (message as string[]) : typeof message === "string" ? [message] : [];
  const rows = $rows.get();
  const errors = { ...$rowErrors.get() };
  let placed = false;
  for (const entry of list) {
    const m = /^travellers\.(\d+)\.(?:fields\.(\w+)|documents)[^:]*:\s*(.*)$/.exec(entry);
    const row = m ? rows[Number(m[1])] : undefined;
    if (!m || !row) continue;
    errors[row.key] = { ...errors[row.key], [m[2] ?? "documents"]: m[3]! };
    placed = true;
  }
  $rowErrors.set(errors);
  return placed;
}

/** The traveller's selling price when one is typed (a row without one sends none: the receipt then shows no price). */
const withPrice = (sellingPrice: number | null) => (sellingPrice === null ? {} : { sellingPrice });

/** Checks every row and files the group (a double click waits for the same answer). */
export function submitGroup(): Promise<GroupSubmit> {
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}

async function send(): Promise<GroupSubmit> {
  if (!visa) return $submit.get();
  const rows = $rows.get();
  const errors = checkAll();
  if (rows.length < MIN_TRAVELLERS || Object.values(errors).some((e) => Object.keys(e).length)) {
    $submit.set({ status: "idle" });
    return $submit.get();
  }
  const shared = $shared.get();
  const own = ownRequirements(visa, shared);
  const input: GroupFilingInput = {
    visaId: visa._id,
    name: $groupName.get().trim(),
    sharedDocuments: documentRequirements(visa).flatMap((r) =>
      shared[r._id]?.status === "done" && shared[r._id]!.attachment ? [{ attachmentId: shared[r._id]!.attachment!._id, requirementId: r._id }] : []),
    travellers: rows.map((row) => ({
      fields: fieldsOf(visa!, row.values) as Record<string, string>,
      ...withPrice(sellingPriceOf(row).value),
      documents: own.flatMap((r) => {
        const slot = row.documents[r._id];
        return slot?.status === "done" && slot.attachment ? [{ attachmentId: slot.attachment._id, requirementId: r._id }] : [];
      }),
    })),
  };
  const body = JSON.stringify(input);
  if (!submission || submission.body !== body) submission = { key: crypto.randomUUID(), body };
  $submit.set({ status: "sending" });
  try {
    const group = await fileGroup(input, submission.key);
    submission = null;
    $submit.set({ status: "done", group });
  } catch (error) {
    const status = error instanceof FetchError ? error.status : undefined;
    // No answer or a server failure: the same submission may go again with the same key (never charged twice).
    if (status !== undefined && status < 500) submission = null;
    if (status === 402) $submit.set({ status: "insufficient", message: messageOf(error) ?? "" });
    else $submit.set({ status: "failed", message: status === 400 && applyServerErrors(error) ? null : messageOf(error) });
  }
  return $submit.get();
}

/**
 * The money line: price × travellers and the balance after it; null for staff (and while unknown). With a credit line
 * (issue 30) the balance after may go below zero, down to the available amount: what is short is measured against it.
 */
export function groupMoney(v: Visa, money: MoneyView, travellers: number) {
  if (money.status !== "ready" || v.price === undefined) return null;
  const total = v.price * travellers;
  return { price: v.price, total, balance: money.balance, currency: money.currency, ...chargeOutlook(money.balance, total, money.credit) };
}

export type { Loadable, MoneyView, DocumentSlot };
