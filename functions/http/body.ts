/**
 * Reading a request body with a limit that holds for every body, declared or not (issue 25). A declared
 * Content-Length over the limit is refused before anything is read; a chunked body (no length) is counted as it
 * arrives and the stream is cancelled at the first byte past the limit. Before, a chunked 150 MiB upload was read
 * whole before its 413, and a Worker has 128 MB.
 */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The body as text (UTF-8), within the limit. */
export const readTextLimited = async (request: Request, limit: number) => new TextDecoder().decode(await readLimited(request, limit));
