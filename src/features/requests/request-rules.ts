/**
 * One request as the agency's page sees it: its states and the plain rules of what the agency may do. Pure, shared by
 * the page's store (details.store.ts) and the edge that draws the page (functions/edge/views/requests.tsx).
 */
import type { RequestDocument, VisaRequest } from "../../contract/requests";

export type RequestState = { status: "loading" } | { status: "ready"; data: VisaRequest } | { status: "notFound" } | { status: "error" };

export interface ChosenFile {
  status: "chosen" | "error";
  file?: File;
  fileName: string;
  problem?: { key: string } | { text: string };
}

export type FixState =
  | { status: "idle" }
  | { status: "sending"; progress: number }
  | { status: "failed"; problem: { key: string } | { text: string } }
  | { status: "done" };

/** The agency may cancel now (the API says so in `allowedTransitions`). */
export const canCancel = (request: VisaRequest) => request.allowedTransitions.includes("Canceled");

/** The requirements the agency may send again: those the admin asked for first, then those already sent. */
export function reuploadTargets(request: VisaRequest): { _id: string; name: { en: string; ar: string; ku: string }; asked: boolean }[] {
  const asked = request.missingDocuments.map((doc) => ({ ...doc, asked: true }));
  const seen = new Set(asked.map((doc) => doc._id));
  const sent = request.documents.flatMap((doc) => {
    if (doc.kind !== "upload" || !doc.requirementId || !doc.requirementName || seen.has(doc.requirementId)) return [];
    seen.add(doc.requirementId);
    return [{ _id: doc.requirementId, name: doc.requirementName, asked: false }];
  });
  return [...asked, ...sent];
}


/**
 * Which upload answers each requirement now (issue 26 item 7): after a re-upload the request holds the old and the
 * new file of one requirement; the newest is current, each older one was replaced (by the next one, at its date).
 * Only requirements with more than one upload are named: a single file needs no mark.
 */
export function documentVersions(documents: readonly RequestDocument[]): Map<string, { current: true } | { current: false; replacedAt: string }> {
  const versions = new Map<string, { current: true } | { current: false; replacedAt: string }>();
  const byRequirement = new Map<string, RequestDocument[]>();
  for (const doc of documents) {
    if (doc.kind !== "upload" || !doc.requirementId) continue;
    byRequirement.set(doc.requirementId, [...(byRequirement.get(doc.requirementId) ?? []), doc]);
  }
  for (const docs of byRequirement.values()) {
    if (docs.length < 2) continue;
    const ordered = [...docs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    ordered.forEach((doc, i) => versions.set(doc._id, i === ordered.length - 1 ? { current: true } : { current: false, replacedAt: ordered[i + 1]!.createdAt }));
  }
  return versions;
}
