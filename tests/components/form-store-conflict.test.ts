// A 409 that names a field ("code: …") lands on that field, like a 400; any other 409 stays above the form.
import { FetchError } from "ofetch";
import { describe, expect, it } from "vitest";
import { serverErrors } from "../../src/admin/kit/form.store";

function apiError(status: number, message: string | string[]) {
  const error = new FetchError("failed") as FetchError & { status: number; data: unknown };
  Object.assign(error, { status, data: { statusCode: status, message, error: "Conflict", code: "X" } });
  return error;
}

describe("serverErrors", () => {
  it("puts a duplicate country code on the code field", () => {
    expect(serverErrors(apiError(409, ["code: A country with this code already exists."]))).toEqual({
      code: { text: "A country with this code already exists." },
    });
  });
  it("keeps a conflict about the whole record off the fields", () => {
    expect(serverErrors(apiError(409, "This country is still used by visas."))).toBeNull();
  });
  it("still maps 400 entries and ignores other statuses", () => {
    expect(serverErrors(apiError(400, ["name.ar: This field is required."]))).toEqual({ "name.ar": { text: "This field is required." } });
    expect(serverErrors(apiError(500, ["x: y"]))).toBeNull();
  });
});
