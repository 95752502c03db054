/** File downloads through the one HTTP client: `raw` answers the Response (a Blob and its file name); errors as usual. */
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
  it("answers the Response with its body unread", async () => {
    const { http } = client(() => new Response(pdf, { headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="visa.pdf"' } }));
    const response = await http.request<Response>("files/x", { raw: true });
    expect(new Uint8Array(await (await response.blob()).arrayBuffer())).toEqual(pdf);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="visa.pdf"');
  });

  it("still turns an error answer into the notice and the error", async () => {
    const { http, notices } = client(() => new Response(JSON.stringify({ statusCode: 404, message: "Request not found" }), { status: 404, headers: { "Content-Type": "application/json" } }));
    await expect(http.request<Response>("files/x", { raw: true })).rejects.toMatchObject({ status: 404 });
    expect(notices).toEqual(["Request not found"]);
  });
});
