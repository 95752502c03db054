/**
 * Exports of DESIGN §4 (`…/export…/{csv|xlsx|pdf}`): the same filters as the list the user sees, fetched through
 * the one HTTP client (bearer token, shared refresh, error notices) as a file, saved under the API's own dated
 * name from Content-Disposition. A plain link cannot do this: the access token travels in a header, not a cookie.
 */
import type { FetchOptions } from "../../lib/http";
import { api } from "../../lib/api";
import type { HttpLike, ListQuery } from "./resource.store";
import { queryParams } from "./resource.store";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The list query without paging: an export holds every row the filters pick. */
export function exportParams(query: ListQuery): Record<string, string | number> {
  const { page: _page, limit: _limit, ...rest } = queryParams(query);
  return rest;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || null;
}

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
  let disposition: string | null = null;
  const blob = await http.request<Blob>(path, {
    method: "GET",
    query: params,
    responseType: "blob",
    onResponse({ response }: { response: Response }) {
      disposition = response.headers.get("content-disposition");
    },
  } as unknown as FetchOptions<"json">);
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
