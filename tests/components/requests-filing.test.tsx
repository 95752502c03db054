/**
 * Filing a visa request as the agency and its staff see it: the API's own rules on every field kind, documents that
 * must be attached, one Idempotency-Key per submission (a retry and a double click reuse it), a 402 explained in
 * words, the passport reader's fill-and-confirm, and no money at all for staff.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FetchError } from "ofetch";
import { cleanStores } from "nanostores";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldKind, Visa } from "../../src/contract/catalogue";
import type { Attachment, VisaRequest } from "../../src/contract/requests";
import * as api from "../../src/features/requests/api";
import {
  $documents, $errors, $money, $scanned, $submit, $values, $visa, chooseDocument, currentIdempotencyKey, fillFromPassport,
  loadContract, moneySummary, setValue, startFiling, submitFiling,
} from "../../src/features/requests/filing.store";
import FilingForm from "../../src/features/requests/FilingForm";
import { messagesFor } from "../../src/lib/messages";
import en from "../../locales/en.json";

vi.mock("../../src/features/requests/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/features/requests/api")>()),
  fetchVisaToFile: vi.fn(),
  fetchAgencyBalance: vi.fn(),
  uploadAttachment: vi.fn(),
  fileRequest: vi.fn(),
}));
vi.mock("../../src/lib/session.store", () => ({ refreshBalance: vi.fn(async () => ({ balance: 1000, currency: "USD" })) }));

const ALL_KINDS: FieldKind[] = [
  "FullName", "FullQuadRupleName", "PassportNumber", "Email", "DateOfBirth", "TravelDate", "ReturnDate", "PassportExpiry",
  "LastEntry", "EducationDegree", "TravelReason", "DestinationAirport",
];
const now = "2026-11-20T10:00:00.000Z";
const text = (en: string) => ({ en, ar: en, ku: en });
const requirement = (id: string, required = true) => ({ _id: id, name: text(id === "passport" ? "Passport copy" : id), description: text(""), kind: "document" as const, required, createdAt: now, updatedAt: now });

function visa(fields: FieldKind[] = ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry", "TravelDate"]): Visa {
  return {
    _id: "visa-tr", country: { _id: "c-tr", name: text("Turkey"), code: "TR", flag: "🇹🇷" }, title: text("Turkey e-Visa"), description: text(""),
    image: null, price: 8500, currency: "USD", processingDays: 3, validityDays: 180, entries: "single", travelMode: "Air", featured: false,
    enabled: true, createdAt: now, updatedAt: now, content: text(""), fields, requirements: [requirement("passport"), requirement("photo"), requirement("extra", false)],
  };
}
const attachment = (id: string): Attachment => ({ _id: id, name: `${id}.png`, contentType: "image/png", size: 10, url: `/api/files/x/${id}`, createdAt: now });
const filed = { _id: "req-1", reference: "VR-2026-000001" } as VisaRequest;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const png = (name = "scan.png") => new File([PNG], name, { type: "image/png" });

const year = Number(new Date().toISOString().slice(0, 4));
const GOOD: Partial<Record<FieldKind, string>> = {
  FullName: "Layla Ahmed", FullQuadRupleName: "Layla Ahmed Karim Hassan", PassportNumber: "a1234567", Email: "layla@example.com",
  DateOfBirth: "1990-04-12", TravelDate: `${year + 1}-03-01`, ReturnDate: `${year + 1}-03-20`, PassportExpiry: `${year + 3}-01-01`,
  LastEntry: "", EducationDegree: "Bachelor", TravelReason: "Tourism with family", DestinationAirport: "IST",
};

type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };
/** Opens the filing page of the visa as the browser would: the island reads the id from the address after mount. */
async function renderPage(kind: "Agent" | "User") {
  (window as unknown as HappyDOMWindow).happyDOM.setURL("https://visa.example/en/visa/visa-tr/request/");
  // Cookies belong to the page's origin: set after the address.
  document.cookie = `auth.kind=${kind}; Path=/`;
  window.dispatchEvent(new PopStateEvent("popstate"));
  document.documentElement.dataset.locale = "en";
  render(<FilingForm locale="en" messages={messagesFor("en", ["filing", "requests", "upload", "common", "validation", "credit", "money"])} />);
  await screen.findByTestId("filing");
  await vi.waitFor(() => expect($money.get().status).not.toBe("loading"));
}

const httpError = (status: number | undefined, data?: unknown) => Object.assign(new FetchError(`${status}`), { status, data });

async function ready(fields?: FieldKind[], kind: "Agent" | "User" = "Agent") {
  document.cookie = `auth.kind=${kind}; Path=/`;
  vi.mocked(api.fetchVisaToFile).mockResolvedValue(visa(fields));
  await startFiling("visa-tr");
  await vi.waitFor(() => expect($money.get().status).not.toBe("loading"));
}
function fill(values: Partial<Record<FieldKind, string>>) {
  for (const [kind, value] of Object.entries(values)) setValue(kind as FieldKind, value ?? "");
}
async function attachRequired() {
  vi.mocked(api.uploadAttachment).mockImplementation(async (file, options) => {
    options?.onProgress?.(0.5);
    return attachment(file.name);
  });
  await chooseDocument("passport", png("passport.png"));
  await chooseDocument("photo", png("photo.png"));
}

beforeAll(async () => {
  await loadContract();
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "debug").mockImplementation(() => {});
  vi.mocked(api.fetchAgencyBalance).mockResolvedValue({ balance: 10000, currency: "USD" });
});

afterEach(() => {
  cleanup();
  cleanStores($visa, $money, $values, $errors, $scanned, $documents, $submit);
  document.cookie = "auth.kind=; Max-Age=0; Path=/";
});

describe("validation by field kind (the API's applicantSchema)", () => {
  it("marks each wrong field with its own message and files nothing", async () => {
    await ready(ALL_KINDS);
    fill({
      FullName: "Layla", FullQuadRupleName: "Layla Ahmed", PassportNumber: "12", Email: "not-an-email", DateOfBirth: "2026-02-30",
      TravelDate: "", ReturnDate: "12/03/2027", PassportExpiry: "soon", LastEntry: "", EducationDegree: "", TravelReason: "x",
      DestinationAirport: "",
    });
    await submitFiling();
    expect($errors.get()).toEqual({
      FullName: "validation.fullName",
      FullQuadRupleName: "validation.quadName",
      PassportNumber: "validation.passportNumber",
      Email: "validation.email",
      DateOfBirth: "validation.date",
      TravelDate: "validation.required",
      ReturnDate: "validation.date",
      PassportExpiry: "validation.date",
      EducationDegree: "validation.required",
      TravelReason: "validation.tooShort",
      DestinationAirport: "validation.required",
      "doc:passport": "filing.documentRequired",
      "doc:photo": "filing.documentRequired",
    });
    // An optional document is not required.
    expect($errors.get()["doc:extra"]).toBeUndefined();
    expect(api.fileRequest).not.toHaveBeenCalled();
  });

  it("checks each date against today, then the dates against each other", async () => {
    await ready(ALL_KINDS);
    fill({ ...GOOD, DateOfBirth: "2999-01-01", TravelDate: "2000-01-01", LastEntry: "2999-01-01" });
    await submitFiling();
    expect($errors.get()).toMatchObject({
      DateOfBirth: "validation.dateInPast",
      TravelDate: "validation.dateInFuture",
      LastEntry: "validation.dateInPast",
    });
    fill({ ...GOOD, ReturnDate: `${year + 1}-02-01` });
    await submitFiling();
    expect($errors.get().ReturnDate).toBe("validation.returnAfterTravel");
    fill({ ...GOOD, PassportExpiry: GOOD.TravelDate });
    await submitFiling();
    expect($errors.get().PassportExpiry).toBe("validation.expiryAfterReturn");
    expect(api.fileRequest).not.toHaveBeenCalled();
  });

  it("clears an error as soon as the field is right, and files the trimmed values and the documents", async () => {
    await ready(ALL_KINDS);
    fill({ ...GOOD, FullName: "Layla" });
    await submitFiling();
    expect($errors.get().FullName).toBe("validation.fullName");
    setValue("FullName", "  Layla Ahmed ");
    await vi.waitFor(() => expect($errors.get().FullName).toBeUndefined());
    await attachRequired();
    expect($documents.get().passport).toMatchObject({ status: "done", attachment: { _id: "passport.png" } });
    vi.mocked(api.fileRequest).mockResolvedValue(filed);
    const state = await submitFiling();
    expect(state.status).toBe("done");
    const [input, key] = vi.mocked(api.fileRequest).mock.calls[0]!;
    expect(input.visaId).toBe("visa-tr");
    expect(input.fields.FullName).toBe("Layla Ahmed");
    // An optional field left empty is left out.
    expect("LastEntry" in input.fields).toBe(false);
    expect(input.documents).toEqual([
      { attachmentId: "passport.png", requirementId: "passport" },
      { attachmentId: "photo.png", requirementId: "photo" },
    ]);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a file that is not an image or a PDF before sending it", async () => {
    await ready();
    await chooseDocument("passport", new File(["hello"], "passport.png", { type: "image/png" }));
    expect($documents.get().passport).toMatchObject({ status: "error", problem: { key: "filing.documentTypeRefused" } });
    expect(api.uploadAttachment).not.toHaveBeenCalled();
  });
});

describe("one Idempotency-Key per submission", () => {
  it("sends the same key again after no answer, and only once for a double click", async () => {
    await ready();
    fill(GOOD);
    await attachRequired();
    vi.mocked(api.fileRequest).mockRejectedValueOnce(httpError(undefined));
    expect((await submitFiling()).status).toBe("failed");
    const firstKey = vi.mocked(api.fileRequest).mock.calls[0]![1];
    expect(currentIdempotencyKey()).toBe(firstKey);

    let answer!: (value: VisaRequest) => void;
    vi.mocked(api.fileRequest).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const click1 = submitFiling();
    const click2 = submitFiling();
    await vi.waitFor(() => expect(api.fileRequest).toHaveBeenCalledTimes(2));
    answer(filed);
    expect((await click1).status).toBe("done");
    expect((await click2).status).toBe("done");
    expect(api.fileRequest).toHaveBeenCalledTimes(2);
    expect(vi.mocked(api.fileRequest).mock.calls[1]![1]).toBe(firstKey);
  });

  it("starts a new submission (new key) after a definite answer such as 402", async () => {
    await ready();
    fill(GOOD);
    await attachRequired();
    vi.mocked(api.fileRequest).mockRejectedValueOnce(httpError(402, { code: "INSUFFICIENT_BALANCE" }));
    await submitFiling();
    vi.mocked(api.fileRequest).mockResolvedValueOnce(filed);
    await submitFiling();
    const [first, second] = vi.mocked(api.fileRequest).mock.calls.map((call) => call[1]);
    expect(first).not.toBe(second);
  });
});

describe("402 INSUFFICIENT_BALANCE", () => {
  it("is explained in words with the shortfall and what to do", async () => {
    vi.mocked(api.fetchAgencyBalance).mockResolvedValue({ balance: 7000, currency: "USD" });
    vi.mocked(api.fetchVisaToFile).mockResolvedValue(visa());
    await renderPage("Agent");
    expect((await screen.findByTestId("filing-after")).textContent).toBe("-$15.00");
    await act(async () => {
      fill(GOOD);
      await attachRequired();
    });
    vi.mocked(api.fileRequest).mockRejectedValueOnce(httpError(402, { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance" }));
    await act(async () => {
      screen.getByTestId("filing-submit").click();
    });
    await vi.waitFor(() => expect($submit.get()).toEqual({ status: "insufficient", shortfall: null }));
    const notice = await screen.findByTestId("filing-insufficient");
    expect(notice.textContent).toContain("Not filed: the balance is too low");
    // The amount is a left-to-right isolate inside the sentence (it stays whole in Arabic and Kurdish).
    expect(notice.textContent).toContain("\u2068$15.00\u2069 short");
    expect(notice.textContent).toContain("Ask your agency's administrator to top up the balance");
    expect(notice.textContent).toContain("Nothing was charged");
  });
});

describe("money", () => {
  it("shows the agency the price, its balance and the balance after filing", async () => {
    await ready();
    // No credit line: nothing available beyond the balance (issue 30).
    expect(moneySummary(visa(), $money.get())).toEqual({ price: 8500, balance: 10000, after: 1500, currency: "USD", short: 0, available: null, owedAfter: 0 });
  });

  it("the agency's own price to the traveller (issue 30): typed in any digits on the form, checked, sent with the filing", async () => {
    vi.mocked(api.fetchVisaToFile).mockResolvedValue(visa());
    await renderPage("Agent");
    const field = (await screen.findByTestId("filing-selling-price")) as HTMLInputElement;
    await act(async () => {
      fill(GOOD);
      await attachRequired();
      fireEvent.change(field, { target: { value: "12.345" } });
    });
    vi.mocked(api.fileRequest).mockResolvedValue(filed);
    await act(async () => {
      await submitFiling();
    });
    // Not an amount of dollars and cents: said on the field, nothing filed.
    expect(api.fileRequest).not.toHaveBeenCalled();
    expect(screen.getByTestId("filing-summary").textContent).toContain(en["money.tooManyDecimals"]);
    await act(async () => {
      fireEvent.change(screen.getByTestId("filing-selling-price"), { target: { value: "١٢٠٫٥٠" } });
    });
    await act(async () => {
      await submitFiling();
    });
    expect(vi.mocked(api.fileRequest).mock.calls[0]![0]).toMatchObject({ visaId: "visa-tr", sellingPrice: 12_050 });
  });

  it("never asks for or shows money to a staff user", async () => {
    vi.mocked(api.fetchVisaToFile).mockResolvedValue(visa());
    await renderPage("User");
    expect($money.get()).toEqual({ status: "hidden" });
    expect(api.fetchAgencyBalance).not.toHaveBeenCalled();
    expect(moneySummary(visa(), $money.get())).toBeNull();
    const summary = await screen.findByTestId("filing-summary");
    expect(summary.querySelector('[data-testid="filing-money"]')).toBeNull();
    expect(summary.textContent).not.toMatch(/\$|85\.00|USD/);
    expect(screen.getByTestId("filing-submit").textContent).toBe("File request");
    expect(screen.queryByTestId("filing-selling-price")).toBeNull();
  });
});

describe("passport reader slot", () => {
  it("fills the visa's fields it read, marks them as read from the passport, and files without a second confirmation", async () => {
    await ready();
    const filled = fillFromPassport(
      { FullName: "LAYLA AHMED", PassportNumber: "A1234567", Email: "ignored@example.com", DateOfBirth: "", Sex: "F" },
      { attachment: attachment("scan-kept") },
    );
    // Email is not a field of this visa; an empty value fills nothing.
    expect(filled).toEqual(["FullName", "PassportNumber"]);
    // The kept scan is the passport document.
    expect($documents.get().passport).toMatchObject({ status: "done", attachment: { _id: "scan-kept" } });
    $documents.setKey("passport", { status: "empty" });
    expect($values.get().FullName).toBe("LAYLA AHMED");
    // Marked as read from the passport; the agent reviewed them in the reader: nothing blocks filing (issue 26 item 6).
    expect($scanned.get()).toEqual(["FullName", "PassportNumber"]);
    fill({ DateOfBirth: GOOD.DateOfBirth, PassportExpiry: GOOD.PassportExpiry, TravelDate: GOOD.TravelDate });
    await attachRequired();
    // A later scan never replaces a document already there (the photo slot is the agent's own).
    fillFromPassport({ Nationality: "IRQ" }, { attachment: attachment("scan-kept") });
    expect($documents.get().passport).toMatchObject({ status: "done", attachment: { _id: "passport.png" } });
    // Typing over a read value makes it the agent's own: no longer marked.
    setValue("PassportNumber", "A1234568");
    expect($scanned.get()).toEqual(["FullName"]);
    vi.mocked(api.fileRequest).mockResolvedValue(filed);
    expect((await submitFiling()).status).toBe("done");
    expect($errors.get()).toEqual({});
  });
});
