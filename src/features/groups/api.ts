/** The group filing calls of the agency's pages (issue 28; shapes of src/contract/request-groups.ts). Types only from the contract. */
import type { GroupCancelResult, GroupFilingInput, RequestGroup } from "../../contract/request-groups";
import type { ExportFormat } from "../../contract/requests";
import { api } from "../../lib/api";
import { fetchFile, saveFile } from "../../lib/download";

const enc = encodeURIComponent;

/** POST request-groups with the submission's Idempotency-Key: one key covers the whole group (never charged twice). */
export const fileGroup = (input: GroupFilingInput, idempotencyKey: string): Promise<RequestGroup> =>
  api.post<RequestGroup>("request-groups", input, { headers: { "Idempotency-Key": idempotencyKey } });

/** GET request-groups/{id}: the group with its travellers as they are now. */
export const fetchGroup = (id: string): Promise<RequestGroup> => api.get<RequestGroup>(`request-groups/${enc(id)}`);

/** PATCH request-groups/{id}/cancel: every traveller still Requested is cancelled and refunded; the others are named. */
export const cancelGroup = (id: string): Promise<GroupCancelResult> => api.patch<GroupCancelResult>(`request-groups/${enc(id)}/cancel`, {});

/** POST request-groups/import-template/{format}: the visa's empty sheet, headed in the page's language. */
export async function downloadTemplate(visaId: string, format: "csv" | "xlsx", locale: string): Promise<void> {
  const file = await fetchFile(`request-groups/import-template/${format}`, { lang: locale }, `travellers.${format}`, { method: "POST", body: { visaId } });
  saveFile(file);
}

/** GET request-groups/{id}/export/{format}: the group's travellers as a file, in the page's language. */
export async function exportGroup(id: string, format: ExportFormat, locale: string): Promise<void> {
  saveFile(await fetchFile(`request-groups/${enc(id)}/export/${format}`, { lang: locale }, `group.${format}`));
}
