/**
 * Exports of DESIGN §4 (`…/export…/{csv|xlsx|pdf}`): the same filters as the list the user sees, fetched through
 * the one HTTP client (bearer token, shared refresh, error notices) as a file, saved under the API's own dated
 * name from Content-Disposition. A plain link cannot do this: the access token travels in a header, not a cookie.
 */
import type { FetchOptions } from "../../lib/http";
import { api } from "../../lib/api";
import type { HttpLike, ListQuery } from "./resource.store";
import { queryParams } from "./resource.store";

// The formats live in export-formats.ts (no API client there: the edge draws the buttons).
import { EXPORT_FORMATS, type ExportFormat } from "./export-formats";
export { EXPORT_FORMATS, type ExportFormat };

/** The list query without paging: an export holds every row the filters pick. */
export function exportParams(query: ListQuery): Record<string, string | number> {
  const { page: _page, limit: _limit, ...rest } = queryParams(query);
  return rest;
}

// One reading of Content-Disposition for every download (src/lib/download.ts).
export { fileNameOf } from "../../lib/download";
import { fileNameOf } from "../../lib/download";

export interface ExportFile {
  blob: Blob;
  name: string;
}

type RequestLike = { request: <T>(url: string, options?: FetchOptions<"json">) => Promise<T> };

/** Fetches one export; `fallbackName` ("requests") names the file when the API sends no name. */
export async function fetchExport(
  path: string,
  params: Record<string, string | number>,
  format: ExportFormat,
  fallbackName: string,
  http: RequestLike = api,
): Promise<ExportFile> {
  const response = await http.request<Response>(path, { method: "GET", query: params, raw: true });
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition");
  const today = new Date().toISOString().slice(0, 10);
  return { blob, name: fileNameOf(disposition) ?? `${fallbackName}-${today}.${format}` };
}

/** Hands a file to the browser's download. */
export function saveFile({ blob, name }: ExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; keep it a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type { HttpLike };
