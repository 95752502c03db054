/**
 * /requests/{id}: one request of the agency (requests/one-by-agent/{id}) and what the agency may do with it:
 * - when asked (DocumentNeeded, CorrectionNeeded): send the missing documents again (requests/reupload/{id}) or
 *   correct values and documents (requests/updateByAgent/{id}); either moves the request to Modified;
 * - cancel while the request allows it (its `allowedTransitions` name Canceled): the price comes back before Paid,
 *   and the header's balance shows it.
 * Corrected values are checked with the API's own applicant schema, loaded on first need (it brings zod).
 */
import { FetchError } from "ofetch";
import { atom, map } from "nanostores";
import type { FieldKind } from "../../contract/catalogue";
import type { VisaRequest } from "../../contract/requests";
import { sessionKind } from "../../lib/session";
import { cancelRequest, fetchAgentRequest, fetchDocument, reuploadDocuments, saveSellingPrice, updateRequestByAgent, type DocumentPart } from "./api";
import { saveFile } from "../../lib/download";
import { checkDocument, documentProblem } from "./document-check";
import { reuploadTargets, type ChosenFile, type FixState, type RequestState } from "./request-rules";

export { canCancel, reuploadTargets, type ChosenFile, type FixState, type RequestState } from "./request-rules";

export const $request = atom<RequestState>({ status: "loading" });
/** Files chosen for re-upload, by requirement id. */
export const $chosen = map<Record<string, ChosenFile>>({});
/** Corrected values, by field kind (only what the agent changed). */
export const $corrections = map<Record<string, string>>({});
export const $correctionErrors = atom<Partial<Record<string, string>>>({});
export const $fix = atom<FixState>({ status: "idle" });
export const $canceling = atom<"idle" | "sending" | "failed">("idle");

let generation = 0;

export async function loadRequest(id: string, { quiet = false } = {}): Promise<void> {
  const mine = ++generation;
  if (!quiet) $request.set({ status: "loading" });
  try {
    const data = await fetchAgentRequest(id);
    if (mine === generation) $request.set({ status: "ready", data });
  } catch (error) {
    if (mine !== generation) return;
    const notFound = error instanceof FetchError && (error.status === 404 || error.status === 400);
    $request.set({ status: notFound ? "notFound" : "error" });
  }
}

export async function chooseFile(requirementId: string, file: File): Promise<void> {
  const problem = await checkDocument(file);
  $chosen.setKey(requirementId, problem ? { status: "error", fileName: file.name, problem } : { status: "chosen", file, fileName: file.name });
}

export function unchooseFile(requirementId: string): void {
  const next = { ...$chosen.get() };
  delete next[requirementId];
  $chosen.set(next);
}

export function correct(kind: FieldKind, value: string): void {
  $corrections.setKey(kind, value);
}

export function resetFix(): void {
  $chosen.set({});
  $corrections.set({});
  $correctionErrors.set({});
  $fix.set({ status: "idle" });
}

/** The corrected values that differ from the request's, trimmed. */
export function changedFields(request: VisaRequest, corrections: Record<string, string>): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [kind, value] of Object.entries(corrections)) {
    if (value.trim() !== (request.fields[kind as FieldKind] ?? "")) changed[kind] = value.trim();
  }
  return changed;
}

/**
 * Sends what the agent prepared: only documents → requests/reupload/{id}; corrected values (with or without
 * documents) → requests/updateByAgent/{id}. Corrections are checked first with the API's schema over the merged
 * values. Answers true when the request moved on (Modified).
 */
export async function sendFix(): Promise<boolean> {
  const state = $request.get();
  if (state.status !== "ready" || $fix.get().status === "sending") return false;
  const request = state.data;
  const parts: DocumentPart[] = Object.entries($chosen.get()).flatMap(([requirementId, chosen]) =>
    chosen.status === "chosen" && chosen.file ? [{ requirementId, file: chosen.file }] : [],
  );
  const fields = changedFields(request, $corrections.get());
  if (parts.length === 0 && Object.keys(fields).length === 0) {
    $fix.set({ status: "failed", problem: { key: "requests.fix.nothing" } });
    return false;
  }
  if (Object.keys(fields).length) {
    const { applicantSchema } = await import("../../contract/requests");
    const kinds = Object.keys(request.fields) as FieldKind[];
    for (const kind of Object.keys(fields) as FieldKind[]) if (!kinds.includes(kind)) kinds.push(kind);
    const result = applicantSchema(kinds).safeParse({ ...request.fields, ...fields });
    if (!result.success) {
      const errors: Partial<Record<string, string>> = {};
      for (const issue of result.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
      $correctionErrors.set(errors);
      $fix.set({ status: "idle" });
      return false;
    }
  }
  $correctionErrors.set({});
  $fix.set({ status: "sending", progress: 0 });
  const onProgress = (progress: number) => $fix.set({ status: "sending", progress });
  try {
    const updated = Object.keys(fields).length
      ? await updateRequestByAgent(request._id, { fields }, parts, { onProgress })
      : await reuploadDocuments(request._id, parts, { onProgress });
    resetFix();
    $fix.set({ status: "done" });
    // The answer is the request as it is now; read it again only when the answer is not a whole request.
    if (updated && typeof updated === "object" && "status" in updated && "history" in updated) $request.set({ status: "ready", data: updated });
    else await loadRequest(request._id, { quiet: true });
    return true;
  } catch (error) {
    $fix.set({ status: "failed", problem: documentProblem(error) });
    return false;
  }
}

/** Cancels the request; the refund (before Paid) shows in the header's balance. */
export async function cancelThis(): Promise<boolean> {
  const state = $request.get();
  if (state.status !== "ready" || $canceling.get() === "sending") return false;
  $canceling.set("sending");
  try {
    const updated = await cancelRequest(state.data._id);
    $canceling.set("idle");
    if (updated && typeof updated === "object" && "history" in updated) $request.set({ status: "ready", data: updated });
    else await loadRequest(state.data._id, { quiet: true });
    if (sessionKind() === "Agent") {
      const { refreshBalance } = await import("../../lib/session.store");
      await refreshBalance().catch(() => null);
    }
    return true;
  } catch {
    // The HTTP client has shown why (a 409 names the allowed moves); the page shows the request as it is now.
    $canceling.set("failed");
    await loadRequest(state.data._id, { quiet: true });
    return false;
  }
}

/** Saves the agency's selling price (issue 30); the request as it is now comes back. False: not saved (the client said why). */
export async function setSellingPrice(sellingPrice: number | null): Promise<boolean> {
  const state = $request.get();
  if (state.status !== "ready") return false;
  try {
    $request.set({ status: "ready", data: await saveSellingPrice(state.data._id, sellingPrice) });
    return true;
  } catch {
    return false;
  }
}

/** Opens a document in a new tab (`view`) or saves it; fetched with the bearer token through the HTTP client. */
export async function openDocument(document: { url: string; name: string }, mode: "view" | "download"): Promise<void> {
  // The tab is opened before the fetch: a window opened after an await is taken for a pop-up and blocked.
  const tab = mode === "view" ? window.open("", "_blank") : null;
  try {
    const file = await fetchDocument(document.url, document.name);
    if (mode === "download" || !tab) {
      tab?.close();
      // The name the agency knows the document by (the API names the stored file).
      saveFile({ blob: file.blob, name: document.name });
      return;
    }
    tab.location.href = URL.createObjectURL(file.blob);
  } catch (error) {
    tab?.close();
    console.debug("requests: document not opened", error);
  }
}
