import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Detail } from "../../src/admin/requests/RequestDetailPage";
import { createRequestDetail } from "../../src/admin/requests/request-detail.store";
import { VISA_TRANSITIONS, allowedTransitions, type VisaRequest, type VisaStatus } from "../../src/contract/requests";
import { FakeRoutes, json } from "./money-requests-fake";
import { usePageMessages } from "./page-messages";

const AT = "2026-11-20T10:00:00.000Z";
const title = (en: string) => ({ en, ar: en, ku: en });

function record(status: VisaStatus, extra: Partial<VisaRequest> = {}): VisaRequest {
  return {
    _id: "req-1", reference: "VR-2026-000042",
    visa: { _id: "visa-1", title: title("Tourist visa"), country: { _id: "c-1", code: "TR", name: title("Türkiye") } },
    agency: { _id: "agency-1", name: "Sunrise Travel" },
    filedBy: { kind: "Agent", _id: "agency-1", name: "Sunrise Travel" },
    fields: { FullName: "Ahmed Ali", PassportNumber: "A1234567", DateOfBirth: "1990-05-01" },
    price: 10_000, currency: "USD", status, reason: null, missingDocuments: [], documents: [], history: [
      { at: AT, by: { kind: "Agent", _id: "agency-1", name: "Sunrise Travel" }, from: null, to: "Requested", reason: null, action: "filed" },
    ],
    allowedTransitions: allowedTransitions(status, "Admin"), canUpdate: false, paid: false, note: null, createdAt: AT, updatedAt: AT,
    ...extra,
  };
}

/** The API's side: the record, PATCH along VISA_TRANSITIONS (409 otherwise), the visa's requirements. */
function setup(start: VisaRequest) {
  const api = new FakeRoutes();
  let current = start;
  api.on("GET", "requests/one-by-admin/req-1", () => json(200, current));
  api.on("GET", "visa/one/visa-1", () =>
    json(200, { _id: "visa-1", requirements: [
      { _id: "r-passport", kind: "document", name: title("Passport scan") },
      { _id: "r-photo", kind: "document", name: title("Photo") },
      { _id: "r-job", kind: "information", name: title("Employer") },
    ] }),
  );
  api.on("PATCH", "requests/req-1", ({ body }) => {
    const { status, reason } = body as { status: VisaStatus; reason?: string };
    if (!VISA_TRANSITIONS[current.status][status]?.includes("Admin"))
      return json(409, { statusCode: 409, message: `Not allowed from ${current.status}; allowed: ${allowedTransitions(current.status, "Admin").join(", ")}`, code: "ILLEGAL_TRANSITION" });
    current = record(status, { reason: reason ?? null });
    return json(200, current);
  });
  const { http, notices } = api.client();
  const detail = createRequestDetail("req-1", { http });
  return { api, detail, notices, move: (status: VisaStatus) => (current = record(status)) };
}

beforeAll(() => usePageMessages("en", "admin/requests/[id]", "view:admin-request"));
afterEach(() => cleanup());

describe("admin request: status changes only along DESIGN §6", () => {
  it("offers exactly the moves the record allows, and refuses any other", async () => {
    const { detail } = setup(record("DocumentNeeded", { allowedTransitions: ["Canceled"] }));
    await detail.load();
    render(<Detail detail={detail} />);
    const moves = within(screen.getByTestId("status-moves")).getAllByRole("button").map((b) => b.dataset.testid);
    expect(moves).toEqual(["move-Canceled"]);
    expect(detail.open("Approved")).toBe(false);
    expect(detail.$change.get().target).toBeNull();
  });

  it("offers every admin move of Requested and none of a final state", async () => {
    const { detail } = setup(record("Requested"));
    await detail.load();
    const { unmount } = render(<Detail detail={detail} />);
    const moves = within(screen.getByTestId("status-moves")).getAllByRole("button").map((b) => b.dataset.testid!.replace("move-", ""));
    expect(moves.sort()).toEqual(["Canceled", "CorrectionNeeded", "DocumentNeeded", "InProcess", "Paid", "Rejected"]);
    unmount();
    const final = setup(record("Approved"));
    await final.detail.load();
    render(<Detail detail={final.detail} />);
    expect(screen.queryByTestId("status-moves")).toBeNull();
    expect(screen.getByTestId("no-moves").textContent).toMatch(/closed/);
  });

  it("asks for a reason and the missing documents before asking the agency for documents", async () => {
    const { api, detail } = setup(record("Requested"));
    await detail.load();
    render(<Detail detail={detail} />);
    fireEvent.click(screen.getByTestId("move-DocumentNeeded"));
    const dialog = await screen.findByTestId("status-dialog");
    // The choices are the visa's document requirements (not its information ones).
    await waitFor(() => expect(detail.$requirements.get()?.map((r) => r._id)).toEqual(["r-passport", "r-photo"]));
    await act(async () => void fireEvent.click(within(dialog.ownerDocument.body).getByTestId("status-submit")));
    await waitFor(() => expect(screen.getByText("Give the reason: the agency will read it.")).toBeTruthy());
    expect(screen.getByText("Choose the documents that are missing.")).toBeTruthy();
    expect(api.callsTo("PATCH", "requests/req-1")).toHaveLength(0);

    act(() => {
      detail.setReason("  The passport scan is unreadable.  ");
      detail.setMissing(["r-passport"]);
    });
    await act(async () => void (await detail.submit()));
    expect(api.callsTo("PATCH", "requests/req-1").map((c) => c.body)).toEqual([
      { status: "DocumentNeeded", reason: "The passport scan is unreadable.", missingDocuments: ["r-passport"] },
    ]);
    await waitFor(() => expect(screen.getByTestId("request-detail").dataset.status).toBe("DocumentNeeded"));
    expect(screen.queryByTestId("status-dialog")).toBeNull();
  });

  it("requires a reason to reject, and none to approve", async () => {
    const { api, detail } = setup(record("InProcess"));
    await detail.load();
    detail.open("Rejected");
    expect(await detail.submit()).toBe(false);
    expect(detail.$change.get().errors.reason).toEqual({ key: "validation.reasonRequired" });
    detail.close();
    detail.open("Approved");
    expect(await detail.submit()).toBe(true);
    expect(api.callsTo("PATCH", "requests/req-1").map((c) => c.body)).toEqual([{ status: "Approved" }]);
  });

  it("shows a 409's sentence and reads the request again, so only the current moves are offered", async () => {
    const { detail, move, api } = setup(record("Requested"));
    await detail.load();
    render(<Detail detail={detail} />);
    // Meanwhile the agency canceled the request.
    move("Canceled");
    fireEvent.click(screen.getByTestId("move-InProcess"));
    await act(async () => void (await detail.submit()));
    expect((await screen.findByTestId("status-conflict")).textContent).toContain("Not allowed from Canceled");
    expect(api.callsTo("GET", "requests/one-by-admin/req-1")).toHaveLength(2);
    expect(screen.getByTestId("request-detail").dataset.status).toBe("Canceled");
  });
});

describe("admin request: result documents", () => {
  it("refuses a file that is not a PDF or an image before sending it, and sends a PDF with progress", async () => {
    const sent: string[] = [];
    const api = new FakeRoutes();
    api.on("GET", "requests/one-by-admin/req-1", () => json(200, record("Approved")));
    const { http } = api.client();
    const detail = createRequestDetail("req-1", {
      http,
      send: async (path, _body, options) => {
        options.onProgress?.(0.5);
        expect(detail.$upload.get()?.progress).toBe(0.5);
        sent.push(path);
        return {};
      },
    });
    await detail.load();
    expect(await detail.uploadResult(new File(["hello"], "notes.txt", { type: "text/plain" }))).toBe(false);
    expect(detail.$upload.get()?.problem).toEqual({ key: "adminRequests.documents.typeRefused" });
    expect(await detail.uploadResult(new File(["%PDF-1.7\n..."], "visa.pdf", { type: "application/pdf" }))).toBe(true);
    expect(sent).toEqual(["requests/upload-document/req-1"]);
    expect(detail.$upload.get()).toBeNull();
  });
});
