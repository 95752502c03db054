/** File downloads through the one HTTP client: the body as a Blob, and the response seen for its file name. */
import { describe, expect, it } from "vitest";
import { createHttp } from "../../src/lib/http";

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);

function client(response: () => Response) {
  const notices: string[] = [];
  const http = createHttp({
    baseURL: "http://api.test/api",
    accessToken: () => "t1",
    refresh: async () => false,
    logout: () => {},
    notifyError: (message) => notices.push(message),
    fetch: async () => response(),
  });
  return { http, notices };
}

describe("downloads", () => {
  it("answers the body as a Blob and shows the response to onResponse", async () => {
    const { http } = client(() => new Response(pdf, { headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="visa.pdf"' } }));
    let disposition: string | null = null;
    const blob = await http.request<Blob>("files/x", { responseType: "blob", onResponse: ({ response }) => (disposition = response.headers.get("content-disposition")) });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(disposition).toBe('attachment; filename="visa.pdf"');
  });

  it("still turns an error answer into the notice and the error", async () => {
    const { http, notices } = client(() => new Response(JSON.stringify({ statusCode: 404, message: "Request not found" }), { status: 404, headers: { "Content-Type": "application/json" } }));
    await expect(http.request<Blob>("files/x", { responseType: "blob" })).rejects.toMatchObject({ status: 404 });
    expect(notices).toEqual(["Request not found"]);
  });
});
