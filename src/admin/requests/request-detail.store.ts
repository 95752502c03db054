/**
 * One visa request on the admin's page: the record (requests/one-by-admin/{id}), the status-change dialog and the
 * result documents. The dialog offers only the moves the record allows for the admin (`allowedTransitions`, sent by
 * the API; the contract's table when an older answer lacks it), asks for a reason where DESIGN §6 wants one and, for
 * DocumentNeeded, the missing documents chosen from the visa's own requirements. The input is checked with the
 * API's own schema before it is sent; a 409 (someone moved the request meanwhile) shows the API's sentence and the
 * record is read again, so the offered moves are the current ones.
 */
import { FetchError } from "ofetch";
import { atom, map } from "nanostores";
import { REASON_REQUIRED, allowedTransitions, statusChangeInput, type StatusChangeInput, type VisaRequest, type VisaStatus } from "../../contract/requests";
import type { LocalizedText } from "../../contract/common";
import type { ApiErrorBody } from "../../contract/common";
import { api } from "../../lib/api";
import { serverErrors, zodErrors, type FieldErrors, type FieldMessage } from "../kit/form.store";
import type { HttpLike } from "../kit/resource.store";
import { fileForm, upload, uploadProblem, type UploadOptions } from "../kit/upload";
import { changeStatus, fetchRequest, fetchVisa, removeDocument, uploadDocumentPath } from "./api";

export type DetailState = { status: "loading" } | { status: "ready"; data: VisaRequest } | { status: "notFound" } | { status: "error" };

export interface ChangeState {
  /** The move being made, or null when the dialog is closed. */
  target: VisaStatus | null;
  reason: string;
  missing: string[];
  errors: FieldErrors;
  pending: boolean;
  /** The API's sentence of a 409 (the request moved meanwhile; it names the allowed moves). */
  conflict: string | null;
}

export interface Requirement {
  _id: string;
  name: LocalizedText;
}

export interface UploadState {
  name: string;
  progress: number;
  problem: FieldMessage | null;
}

const CLOSED: ChangeState = { target: null, reason: "", missing: [], errors: {}, pending: false, conflict: null };

export const needsReason = (status: VisaStatus) => REASON_REQUIRED.includes(status);
export const needsDocuments = (status: VisaStatus) => status === "DocumentNeeded";

/** Result documents the API takes (DESIGN §8): PDF and images, by their leading bytes. */
export const RESULT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, ...values: number[]) => values.every((v, i) => bytes[i] === v);
/** The check the API makes, done first: a PDF, JPEG, PNG or WebP by its leading bytes, at most 10 MB. */
export async function checkDocumentFile(file: File, maxBytes = MAX_DOCUMENT_BYTES): Promise<"upload.tooLarge" | "adminRequests.documents.typeRefused" | null> {
  if (file.size > maxBytes) return "upload.tooLarge";
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  const ok =
    text(0, 5) === "%PDF-" ||
    startsWith(head, 0xff, 0xd8, 0xff) ||
    startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    (text(0, 4) === "RIFF" && text(8, 12) === "WEBP");
  return ok ? null : "adminRequests.documents.typeRefused";
}

export interface DetailOptions {
  http?: HttpLike;
  /** Sends a result document (tests replace the XHR upload). */
  send?: (path: string, body: FormData, options: UploadOptions) => Promise<unknown>;
}

export function createRequestDetail(id: string, options: DetailOptions = {}) {
  const http = options.http ?? api;
  const send = options.send ?? upload;
  const $state = atom<DetailState>({ status: "loading" });
  const $change = map<ChangeState>({ ...CLOSED });
  const $requirements = atom<Requirement[] | null>(null);
  const $upload = atom<UploadState | null>(null);
  const $removing = atom<string | null>(null);

  const record = (): VisaRequest | null => {
    const state = $state.get();
    return state.status === "ready" ? state.data : null;
  };

  async function load(): Promise<void> {
    try {
      $state.set({ status: "ready", data: await fetchRequest(id, http) });
    } catch (error) {
      const status = error instanceof FetchError ? error.status : undefined;
      $state.set({ status: status === 404 || status === 400 ? "notFound" : "error" });
    }
  }

  /** The moves the admin may make now, in the order of the status list. */
  function choices(): VisaStatus[] {
    const current = record();
    if (!current) return [];
    return current.allowedTransitions ?? allowedTransitions(current.status, "Admin");
  }

  /** The visa's documents to choose from (loaded once, when a DocumentNeeded move is first opened). */
  async function loadRequirements(): Promise<void> {
    const current = record();
    if (!current || $requirements.get()) return;
    try {
      const visa = await fetchVisa(current.visa._id, http);
      $requirements.set(visa.requirements.filter((r) => r.kind === "document").map(({ _id, name }) => ({ _id, name })));
    } catch {
      $requirements.set([]);
    }
  }

  /** Opens the dialog for a move; a move the record does not allow is refused (false). */
  function open(target: VisaStatus): boolean {
    if (!choices().includes(target)) return false;
    const current = record();
    // Asking again for documents starts from the ones still missing.
    const missing = needsDocuments(target) ? (current?.missingDocuments ?? []).map((d) => d._id) : [];
    $change.set({ ...CLOSED, target, missing });
    if (needsDocuments(target)) void loadRequirements();
    return true;
  }

  function close(): void {
    if ($change.get().pending) return;
    $change.set({ ...CLOSED });
  }

  function setReason(reason: string): void {
    const { errors } = $change.get();
    const { reason: _gone, ...rest } = errors;
    $change.set({ ...$change.get(), reason, errors: rest });
  }

  function setMissing(missing: string[]): void {
    const { errors } = $change.get();
    const { missingDocuments: _gone, ...rest } = errors;
    $change.set({ ...$change.get(), missing, errors: rest });
  }

  /** The API input of the open dialog: a reason only where it means something, documents only for DocumentNeeded. */
  function input(): StatusChangeInput | null {
    const { target, reason, missing } = $change.get();
    if (!target) return null;
    const text = reason.trim();
    return {
      status: target,
      ...(text ? { reason: text } : {}),
      ...(needsDocuments(target) ? { missingDocuments: missing } : {}),
    };
  }

  /** Checks and sends the change; true when the request moved. */
  async function submit(): Promise<boolean> {
    const body = input();
    if (!body || $change.get().pending) return false;
    if (!choices().includes(body.status)) {
      $change.set({ ...$change.get(), errors: { status: { key: "adminRequests.change.notAllowed" } } });
      return false;
    }
    const parsed = statusChangeInput.safeParse(body);
    if (!parsed.success) {
      $change.set({ ...$change.get(), errors: zodErrors(parsed.error) });
      return false;
    }
    $change.set({ ...$change.get(), pending: true, errors: {}, conflict: null });
    try {
      const updated = await changeStatus(id, parsed.data, http);
      $state.set({ status: "ready", data: updated });
      $change.set({ ...CLOSED });
      return true;
    } catch (error) {
      const fields = serverErrors(error);
      if (error instanceof FetchError && error.status === 409) {
        const message = (error.data as Partial<ApiErrorBody> | undefined)?.message;
        const conflict = Array.isArray(message) ? message.join(" ") : message || error.message;
        $change.set({ ...$change.get(), pending: false, conflict });
        await load();
      } else $change.set({ ...$change.get(), pending: false, errors: fields ?? {} });
      return false;
    }
  }

  /** Attaches a result document (the visa itself, a receipt) with progress; answers whether it was saved. */
  async function uploadResult(file: File): Promise<boolean> {
    const problem = await checkDocumentFile(file);
    if (problem) {
      $upload.set({ name: file.name, progress: 0, problem: { key: problem } });
      return false;
    }
    $upload.set({ name: file.name, progress: 0, problem: null });
    try {
      await send(uploadDocumentPath(id), fileForm(file), { onProgress: (progress) => $upload.set({ name: file.name, progress, problem: null }) });
      $upload.set(null);
      await load();
      return true;
    } catch (error) {
      $upload.set({ name: file.name, progress: 0, problem: uploadProblem(error) });
      return false;
    }
  }

  async function removeResult(docId: string): Promise<boolean> {
    $removing.set(docId);
    try {
      await removeDocument(id, docId, http);
      await load();
      return true;
    } catch {
      // The client has shown the problem.
      return false;
    } finally {
      $removing.set(null);
    }
  }

  return { id, $state, $change, $requirements, $upload, $removing, load, choices, open, close, setReason, setMissing, input, submit, uploadResult, removeResult };
}

export type RequestDetail = ReturnType<typeof createRequestDetail>;
