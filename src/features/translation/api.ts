/** Calls of the translation pages (issue 12): services and languages, orders, documents, exports. */
import type { Attachment } from "../../contract/requests";
import type { ListResponse } from "../../contract/common";
import type { OrderInput, OrderListResponse, TranslationLanguage, TranslationOrder, TranslationOrderSummary, TranslationService } from "../../contract/translation";
import type { RequestStatusA } from "../../contract/requests";
import { api } from "../../lib/api";
import { readCookie } from "../../lib/cookies";
import { fetchFile, saveFile } from "../../lib/download";
import { AUTH_COOKIES } from "../../shared/auth-cookies";

/** Staff members never see money (DESIGN §3): their pages show no price, balance or statement. */
export const seesMoney = () => readCookie(AUTH_COOKIES.kind) !== "User";

export const fetchServices = async () => (await api.get<ListResponse<TranslationService>>("translation-service/by-agent", { query: { limit: 100 } })).data;
export const fetchLanguages = async () => (await api.get<ListResponse<TranslationLanguage>>("translation-language", { query: { limit: 100 } })).data;

/** A document uploaded before ordering (the same attachments as visa requests); its _id goes into `documents`. */
export function uploadAttachment(file: File): Promise<Attachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post<Attachment>("requests/upload-attachment-to-s3-by-agent", form);
}

/** POST legal-translation with the submission's Idempotency-Key: a retry never charges twice. */
export const placeOrder = (input: OrderInput, key: string) =>
  api.post<TranslationOrder>("legal-translation", input, { headers: { "Idempotency-Key": key } });

export interface OrderQuery {
  page: number;
  limit: number;
  status?: RequestStatusA;
  search?: string;
}

const queryOf = (q: OrderQuery) => ({ page: q.page, limit: q.limit, ...(q.status ? { status: q.status } : {}), ...(q.search ? { search: q.search } : {}) });

export const listAgencyOrders = (q: OrderQuery) => api.get<OrderListResponse>("legal-translation/by-agent", { query: queryOf(q) });
/** One of the agency's orders by id (where a notice leads, issue 26); a 404 is shown on the page, not as a toast. */
export const fetchAgencyOrder = (id: string) => api.get<TranslationOrderSummary>(`legal-translation/by-agent/${encodeURIComponent(id)}`, { notify: false });
export const listAdminOrders = (q: OrderQuery) => api.get<OrderListResponse>("legal-translation/by-admin", { query: queryOf(q) });
export const fetchAdminOrder = (id: string) => api.get<TranslationOrder>(`legal-translation/by-admin/${encodeURIComponent(id)}`);

export const changeOrderState = (id: string, status: RequestStatusA, reason?: string) =>
  api.post<TranslationOrder>(`legal-translation/change-request-state/${encodeURIComponent(id)}`, { status, ...(reason ? { reason } : {}) });

function filesForm(files: File[], data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  if (Object.keys(data).length) form.append("data", JSON.stringify(data));
  return form;
}

/** The agency's documents, or its correction (CorrectionNeeded → Requested). */
/** The agency's own price to its customer, printed on the order's receipt (issue 30; the owner only); null removes it. */
export const saveSellingPrice = (id: string, sellingPrice: number | null) =>
  api.patch<TranslationOrder>(`legal-translation/${encodeURIComponent(id)}/selling-price`, { sellingPrice });

export const sendDocuments = (id: string, files: File[], note: string) =>
  api.post<TranslationOrder>(`legal-translation/request/${encodeURIComponent(id)}`, filesForm(files, note ? { note } : {}));

/** The admin's translated documents, with a move (Done) when given. */
export const deliver = (id: string, files: File[], status?: RequestStatusA) =>
  api.patch<TranslationOrder>(`legal-translation/update-by-admin/${encodeURIComponent(id)}`, filesForm(files, status ? { status } : {}));

/** Saves a blob under a name (a temporary object URL and a click). */
/**
 * A stored document (/api/files/…) through the one download helper (src/lib/download.ts): the bearer token, a refresh
 * when the access token ran out meanwhile.
 */
export async function downloadDocument(url: string, name: string): Promise<void> {
  // Saved under the document's own name (the stored key means nothing to the agency).
  const { blob } = await fetchFile(url.replace(/^\/api\//, ""), {}, name);
  saveFile({ blob, name });
}

/** An export as a download (the export calls need the bearer token, so a plain link would not do). */
export async function downloadExport(path: string, locale: string, format: "csv" | "xlsx" | "pdf"): Promise<void> {
  saveFile(await fetchFile(`${path}/${format}`, { lang: locale }, `translation-orders-${new Date().toISOString().slice(0, 10)}.${format}`));
}

/** After money moved (an order charged, a cancellation refunded): the stored balance the header shows is read again. */
export const balanceMoved = () => void import("../../lib/session.store").then((m) => m.refreshBalance()).catch(() => undefined);
