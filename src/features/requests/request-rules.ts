/**
 * One request as the agency's page sees it: its states and the plain rules of what the agency may do. Pure, shared by
 * the page's store (details.store.ts) and the edge that draws the page (functions/edge/views/requests.tsx).
 */
import type { VisaRequest } from "../../contract/requests";

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

