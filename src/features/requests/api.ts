/**
 * The visa-request calls of the agent's pages (spec §7, DESIGN §4; shapes of src/contract/requests.ts). Types only
 * from the contract: its schemas load zod, which the filing form fetches lazily (filing.store.ts).
 */
import type { BalanceResponse } from "../../contract/auth";
import type { Visa } from "../../contract/catalogue";
import type {
  AgentUpdateInput, Attachment, ExportFormat, FilingInput, RequestListResponse, VisaRequest, VisaStatus,
} from "../../contract/requests";
import { api } from "../../lib/api";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES } from "../../shared/auth-cookies";
import { fetchFile, saveFile, type FetchedFile } from "../../lib/download";
import type { UploadOptions } from "../../lib/upload";
import { listParams, type AgentListQuery } from "./list-query";

/** The multipart sender loads with the first upload (issue 9: the list and print pages never send a file). */
const uploads = () => import("../../lib/upload");

export { listParams, type AgentListQuery } from "./list-query";

/** GET visa/one/{id}: the visa to file, with its field kinds, requirements and the caller's price (none for staff). */
export const fetchVisaToFile = (visaId: string): Promise<Visa> => api.get<Visa>(`visa/one/${encodeURIComponent(visaId)}`);

/** GET agents/balance: agencies only (staff never see money, DESIGN §3). */
export const fetchAgencyBalance = (): Promise<BalanceResponse> => api.get<BalanceResponse>("agents/balance");

/** POST requests/upload-attachment-to-s3-by-agent: one document before filing; its `_id` goes into the filing. */
export const uploadAttachment = async (file: File, options: UploadOptions = {}): Promise<Attachment> => {
  const { upload, fileForm } = await uploads();
  return upload<Attachment>("requests/upload-attachment-to-s3-by-agent", fileForm(file), options);
};

/**
 * POST requests with the form submission's Idempotency-Key: the same key answers the first result again and never
 * charges twice (DESIGN §4). 402 INSUFFICIENT_BALANCE when the balance is short.
 */
export const fileRequest = (input: FilingInput, idempotencyKey: string): Promise<VisaRequest> =>
  api.post<VisaRequest>("requests", input, { headers: { "Idempotency-Key": idempotencyKey } });

/** GET requests/agent-list: one page of the agency's requests. */
export const fetchAgentRequests = (query: AgentListQuery): Promise<RequestListResponse> =>
  api.get<RequestListResponse>("requests/agent-list", { query: listParams(query) });

/** GET requests/one-by-agent/{id} (our addition): one request with its documents and history. */
export const fetchAgentRequest = (id: string): Promise<VisaRequest> => api.get<VisaRequest>(`requests/one-by-agent/${encodeURIComponent(id)}`);

/** The request for whoever is signed in: an admin reads any agency's (requests/one-by-admin), an agency its own. */
export const fetchRequestForViewer = (id: string): Promise<VisaRequest> =>
  readCookie(AUTH_COOKIES.kind) === "Admin" ? api.get<VisaRequest>(`requests/one-by-admin/${encodeURIComponent(id)}`) : fetchAgentRequest(id);

/** PATCH requests/{id} with Canceled: the agency withdraws a request it may still cancel (the price comes back). */
export const cancelRequest = (id: string): Promise<VisaRequest> =>
  api.patch<VisaRequest>(`requests/${encodeURIComponent(id)}`, { status: "Canceled" });

/** The agency's own price to its traveller, printed on its receipts (issue 30; the owner only); null removes it. */
export const saveSellingPrice = (id: string, sellingPrice: number | null): Promise<VisaRequest> =>
  api.patch<VisaRequest>(`requests/${encodeURIComponent(id)}/selling-price`, { sellingPrice });

/** One new document for a requirement: the multipart parts "file" and "requirementId" (the contract's pairing). */
export interface DocumentPart {
  file: File;
  requirementId: string;
}

function documentsForm(parts: readonly DocumentPart[], data?: AgentUpdateInput): FormData {
  const form = new FormData();
  if (data) form.append("data", JSON.stringify(data));
  for (const part of parts) {
    form.append("file", part.file, part.file.name);
    form.append("requirementId", part.requirementId);
  }
  return form;
}

/** POST requests/reupload/{id} (multipart): the asked-for documents again; the request moves to Modified. */
export const reuploadDocuments = async (id: string, parts: readonly DocumentPart[], options: UploadOptions = {}): Promise<VisaRequest> =>
  (await uploads()).upload<VisaRequest>(`requests/reupload/${encodeURIComponent(id)}`, documentsForm(parts), options);

/** PATCH requests/updateByAgent/{id} (multipart): corrected values and/or documents; the request moves to Modified. */
export const updateRequestByAgent = async (id: string, data: AgentUpdateInput, parts: readonly DocumentPart[] = [], options: UploadOptions = {}): Promise<VisaRequest> =>
  (await uploads()).upload<VisaRequest>(`requests/updateByAgent/${encodeURIComponent(id)}`, documentsForm(parts, data), { ...options, method: "PATCH" });

/** GET requests/export-agent-list/{format}: the list with the page's filters (all rows, not one page). */
export async function exportAgentRequests(format: ExportFormat, query: Partial<AgentListQuery>): Promise<string> {
  const { page: _page, limit: _limit, ...filters } = query;
  const today = new Date().toISOString().slice(0, 10);
  const file = await fetchFile(`requests/export-agent-list/${format}`, listParams(filters), `visa-requests-${today}.${format}`);
  saveFile(file);
  return file.name;
}

/** A request document (its url is under the API: /api/files/…), fetched with the bearer token. */
export function fetchDocument(url: string, name: string): Promise<FetchedFile> {
  return fetchFile(url.replace(/^\/?api\//, "").replace(/^\//, ""), {}, name);
}
