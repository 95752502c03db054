/**
 * Files from the API (exports, request documents) through the one HTTP client — bearer token, shared refresh, error
 * notices — saved under the API's own name from Content-Disposition. A plain link cannot do this: the access token
 * travels in a header, not a cookie. (The admin kit's export.ts does the same for admin lists; it can re-export these.)
 */
import { api } from "./api";

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename), or null. */
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

export interface FetchedFile {
  blob: Blob;
  name: string;
}

/** GET `path` (under /api) as a file (or POST `body`, for a file made from a JSON body); `fallbackName` names it when the API sends no name. */
export async function fetchFile(path: string, query: Record<string, string | number>, fallbackName: string, post?: { method: "POST"; body: unknown }): Promise<FetchedFile> {
  const response = await api.request<Response>(path, { method: post ? "POST" : "GET", query, raw: true, ...(post ? { body: post.body as Record<string, unknown> } : {}) });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get("content-disposition")) ?? fallbackName };
}

/** Hands a file to the browser's download. */
export function saveFile({ blob, name }: FetchedFile): void {
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
