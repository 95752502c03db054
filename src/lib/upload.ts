/**
 * Multipart uploads with progress (the HTTP client has none), shared by the admin kit and the agent's request pages:
 * XMLHttpRequest with the bearer token of the auth.accessToken cookie (DESIGN §3), the browser adds the Origin the
 * API checks (DESIGN §11). A 401 (the access token expired meanwhile) is sent again through the one HTTP client,
 * which refreshes the session once for everybody (spec §8) — without progress, but never with a second, competing
 * refresh. Also the check the API makes on files (DESIGN §8), done before sending.
 *
 * No runtime import from src/contract here: those modules load zod, which the islands keep out of their first load.
 */
import { FetchError } from "ofetch";
import type { ApiErrorBody } from "../contract/common";
import { AUTH_COOKIES } from "../shared/auth-cookies";
import { api } from "./api";
import { readCookie } from "./cookies";

export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? "/api";

import { DOCUMENT_UPLOAD_TYPES, IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, type UploadType } from "../shared/upload-types";

export { DOCUMENT_UPLOAD_TYPES, IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, type UploadType };

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
  /** Extra request headers (an Idempotency-Key: issue 30's top-up requests). */
  headers?: Record<string, string>;
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
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
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
        api.request<T>(path, { method, body, headers: options.headers }).then((answer) => {
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

/** One file as the multipart form the upload calls take (field "file" unless told otherwise). */
export function fileForm(file: File, field = "file"): FormData {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
}

/** Leading bytes of the types the API accepts (DESIGN §8: it checks the same bytes). */
const SIGNATURES: { type: UploadType; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  {
    type: "image/webp",
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
  { type: "application/pdf", test: (b) => String.fromCharCode(...b.slice(0, 5)) === "%PDF-" },
];

/** The type a file really is by its leading bytes (a renamed text file is nothing), or null. */
export async function sniffType(file: Blob): Promise<UploadType | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return SIGNATURES.find((s) => s.test(head))?.type ?? null;
}

/**
 * The check the API will make, done before sending: one of `types` by its leading bytes (413 "size" first, as the
 * API answers), at most `maxBytes`. Answers the problem, or null; callers say it in their own words.
 */
export async function checkFile(file: File, types: readonly UploadType[], maxBytes = MAX_UPLOAD_BYTES): Promise<"size" | "type" | null> {
  if (file.size > maxBytes) return "size";
  const type = await sniffType(file);
  return type && types.includes(type) ? null : "type";
}
