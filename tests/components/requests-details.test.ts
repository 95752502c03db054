/**
 * One request's page (/requests/{id}): what the agency may send when asked (documents only → reupload; corrected
 * values → updateByAgent, checked first with the API's schema), and cancel with the balance read again for the
 * header. The API is mocked at the feature's api module; the stores are the ones the page uses.
 */
import { FetchError } from "ofetch";
import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VisaRequest } from "../../src/contract/requests";
import * as api from "../../src/features/requests/api";
import {
  $canceling, $chosen, $correctionErrors, $corrections, $fix, $request, canCancel, cancelThis, chooseFile, correct, loadRequest, reuploadTargets,
  sendFix,
} from "../../src/features/requests/details.store";
import * as session from "../../src/lib/session.store";

vi.mock("../../src/features/requests/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/features/requests/api")>()),
  fetchAgentRequest: vi.fn(),
  reuploadDocuments: vi.fn(),
  updateRequestByAgent: vi.fn(),
  cancelRequest: vi.fn(),
}));
vi.mock("../../src/lib/session.store", () => ({ refreshBalance: vi.fn(async () => ({ balance: 5000, currency: "USD" })) }));

const text = (en: string) => ({ en, ar: en, ku: en });
const now = "2026-11-20T10:00:00.000Z";
function request(patch: Partial<VisaRequest> = {}): VisaRequest {
  return {
    _id: "req-1", reference: "VR-2026-000001", visa: { _id: "v", title: text("Visa"), country: { _id: "c", code: "TR", name: text("Turkey") } },
    agency: { _id: "a", name: "Sunrise" }, filedBy: { kind: "Agent", _id: "a", name: "Sunrise" },
    fields: { FullName: "Layla Ahmed", PassportNumber: "A1234567", DateOfBirth: "1990-04-12" }, price: 4000, currency: "USD",
    status: "DocumentNeeded", reason: "Photo too dark", missingDocuments: [{ _id: "photo", name: text("Photo") }],
    documents: [
      { _id: "d1", kind: "upload", requirementId: "passport", requirementName: text("Passport"), name: "p.png", contentType: "image/png", size: 10, url: "/api/files/request/p", uploadedBy: { kind: "Agent", _id: "a", name: "Sunrise" }, createdAt: now },
      { _id: "d2", kind: "upload", requirementId: "photo", requirementName: text("Photo"), name: "f.png", contentType: "image/png", size: 10, url: "/api/files/request/f", uploadedBy: { kind: "Agent", _id: "a", name: "Sunrise" }, createdAt: now },
    ],
    history: [], allowedTransitions: ["Canceled"], canUpdate: true, paid: false, note: null, createdAt: now, updatedAt: now, ...patch,
  };
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const png = () => new File([PNG], "photo.png", { type: "image/png" });

beforeEach(async () => {
  vi.clearAllMocks();
  vi.spyOn(console, "debug").mockImplementation(() => {});
  vi.mocked(api.fetchAgentRequest).mockResolvedValue(request());
  document.cookie = "auth.kind=Agent; Path=/";
  await loadRequest("req-1");
});
afterEach(() => {
  cleanStores($request, $chosen, $corrections, $correctionErrors, $fix, $canceling);
  document.cookie = "auth.kind=; Max-Age=0; Path=/";
});

describe("answering the visa office", () => {
  it("offers the asked-for documents first, then those already sent", () => {
    expect(reuploadTargets(request()).map((t) => [t._id, t.asked])).toEqual([["photo", true], ["passport", false]]);
  });

  it("sends documents alone through reupload and shows the request as it comes back (Modified)", async () => {
    await chooseFile("photo", png());
    vi.mocked(api.reuploadDocuments).mockImplementation(async (_id, _parts, options) => {
      options?.onProgress?.(0.5);
      return request({ status: "Modified", canUpdate: false, history: [] });
    });
    expect(await sendFix()).toBe(true);
    expect(api.reuploadDocuments).toHaveBeenCalledWith("req-1", [{ requirementId: "photo", file: expect.any(File) }], expect.any(Object));
    expect(api.updateRequestByAgent).not.toHaveBeenCalled();
    expect($request.get()).toMatchObject({ status: "ready", data: { status: "Modified" } });
    expect($chosen.get()).toEqual({});
  });

  it("sends corrected values through updateByAgent, after the API's own check", async () => {
    vi.mocked(api.fetchAgentRequest).mockResolvedValue(request({ status: "CorrectionNeeded", missingDocuments: [] }));
    await loadRequest("req-1");
    correct("PassportNumber", "12");
    expect(await sendFix()).toBe(false);
    expect($correctionErrors.get()).toEqual({ PassportNumber: "validation.passportNumber" });
    expect(api.updateRequestByAgent).not.toHaveBeenCalled();
    correct("PassportNumber", " b7654321 ");
    vi.mocked(api.updateRequestByAgent).mockResolvedValue(request({ status: "Modified", canUpdate: false }));
    expect(await sendFix()).toBe(true);
    expect(api.updateRequestByAgent).toHaveBeenCalledWith("req-1", { fields: { PassportNumber: "b7654321" } }, [], expect.any(Object));
  });

  it("says so when there is nothing to send, and refuses a file that is not a document", async () => {
    expect(await sendFix()).toBe(false);
    expect($fix.get()).toEqual({ status: "failed", problem: { key: "requests.fix.nothing" } });
    await chooseFile("photo", new File(["<html>"], "photo.png", { type: "image/png" }));
    expect($chosen.get().photo).toMatchObject({ status: "error", problem: { key: "filing.documentTypeRefused" } });
  });
});

describe("cancel", () => {
  it("is offered only when the API allows it, and reads the balance again after the refund", async () => {
    expect(canCancel(request())).toBe(true);
    expect(canCancel(request({ allowedTransitions: [] }))).toBe(false);
    vi.mocked(api.cancelRequest).mockResolvedValue(request({ status: "Canceled", allowedTransitions: [], canUpdate: false }));
    expect(await cancelThis()).toBe(true);
    expect($request.get()).toMatchObject({ data: { status: "Canceled" } });
    expect(session.refreshBalance).toHaveBeenCalledTimes(1);
  });

  it("a refused cancel (409) shows the request as it is now, with no balance call", async () => {
    vi.mocked(api.cancelRequest).mockRejectedValue(Object.assign(new FetchError("409"), { status: 409 }));
    vi.mocked(api.fetchAgentRequest).mockResolvedValue(request({ status: "Paid", allowedTransitions: [] }));
    expect(await cancelThis()).toBe(false);
    expect($canceling.get()).toBe("failed");
    expect($request.get()).toMatchObject({ data: { status: "Paid" } });
    expect(session.refreshBalance).not.toHaveBeenCalled();
  });

  it("staff cancel without any money call", async () => {
    document.cookie = "auth.kind=User; Path=/";
    vi.mocked(api.cancelRequest).mockResolvedValue(request({ status: "Canceled", price: undefined, currency: undefined }));
    expect(await cancelThis()).toBe(true);
    expect(session.refreshBalance).not.toHaveBeenCalled();
  });
});
