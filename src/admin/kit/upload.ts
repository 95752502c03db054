/**
 * Multipart uploads with progress (the HTTP client has none): XMLHttpRequest with the bearer token of the
 * auth.accessToken cookie (DESIGN §3), the browser adds the Origin the API checks (DESIGN §11).
 * A 401 (the access token expired meanwhile) is sent again through the one HTTP client, which refreshes the
 * session once for everybody (spec §8) — without progress, but never with a second, competing refresh.
 */
import { FetchError } from "ofetch";
import type { ApiErrorBody } from "../../contract/common";
import { IMAGE_TYPES, MAX_FILE_BYTES } from "../../contract/catalogue";
import { api } from "../../lib/api";
import { AUTH_COOKIES } from "../../shared/auth-cookies";
import { readCookie } from "../../lib/cookies";

export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? "/api";

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    super(typeof body?.message === "string" ? body.message : `Upload failed (${status})`);
    this.name = "UploadError";
  }
}

export interface UploadOptions {
  method?: "POST" | "PATCH";
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Sends `body` to `path` (under /api); resolves with the JSON answer, rejects with UploadError (status 0: no answer). */
export function upload<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const method = options.method ?? "POST";
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}/${path}`);
    xhr.responseType = "text";
    xhr.withCredentials = true;
    const token = readCookie(AUTH_COOKIES.accessToken);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(json as T);
      } else if (xhr.status === 401) {
        // The client refreshes (once, shared) and sends the same form again.
        api.request<T>(path, { method, body }).then((answer) => {
          options.onProgress?.(1);
          resolve(answer);
        }, (error: unknown) => reject(error instanceof FetchError ? new UploadError(error.status ?? 0, error.data as Partial<ApiErrorBody>) : error));
      } else reject(new UploadError(xhr.status, json as Partial<ApiErrorBody> | undefined));
    };
    xhr.onerror = () => reject(new UploadError(0, undefined));
    xhr.onabort = () => reject(new DOMException("Upload canceled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** One file as the multipart form the catalogue calls take (field "file" unless told otherwise). */
export function fileForm(file: File, field = "file"): FormData {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
}

/** Leading bytes of the image types the API accepts (DESIGN §8: it checks the same bytes). */
const SIGNATURES: { type: (typeof IMAGE_TYPES)[number]; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  {
    type: "image/webp",
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
];

export type FileProblem = "upload.typeRefused" | "upload.tooLarge" | null;

/**
 * The check the API will make, done before sending: an image by its leading bytes (a renamed text file is not
 * one), at most `maxBytes`. Answers the message key of the problem, or null.
 */
export async function checkImageFile(file: File, maxBytes = MAX_FILE_BYTES): Promise<FileProblem> {
  if (file.size > maxBytes) return "upload.tooLarge";
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return SIGNATURES.some((s) => s.test(head)) ? null : "upload.typeRefused";
}

/** The message key for a failed upload: 413 and 415 in the page's words, others as the API wrote them. */
export function uploadProblem(error: unknown): { key: string } | { text: string } {
  if (error instanceof UploadError) {
    if (error.status === 413) return { key: "upload.tooLarge" };
    if (error.status === 415) return { key: "upload.typeRefused" };
    if (error.status === 0) return { key: "kit.noResponse" };
    const message = error.body?.message;
    const text = Array.isArray(message) ? message.join(" ") : message;
    if (text) return { text };
  }
  return { key: "kit.unexpected" };
}
