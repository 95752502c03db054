import { describe, expect, it } from "vitest";
import { FIELD_KINDS, type FieldKind } from "../../src/contract/catalogue";
import { allowedTransitions, applicantSchema, requestListQuery, statusChangeInput, VISA_STATUSES, VISA_TRANSITIONS } from "../../src/contract/requests";
import { updateBalanceInput } from "../../src/contract/transactions";

const TODAY = "2026-11-23";
const good = {
  FullName: "Ahmed Ali", FullQuadRupleName: "أحمد علي حسن محمود", PassportNumber: "a1234567", Email: "A@Example.com",
  DateOfBirth: "1990-05-01", TravelDate: "2026-12-10", ReturnDate: "2026-12-20", PassportExpiry: "2028-01-01", LastEntry: "",
  EducationDegree: "Bachelor", TravelReason: "Tourism", DestinationAirport: "IST",
};
const issues = (value: unknown, kinds: readonly FieldKind[] = FIELD_KINDS) => {
  const r = applicantSchema(kinds, TODAY).safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join(".") || i.code, i.message]));
};

describe("applicantSchema", () => {
  it("accepts a complete applicant and normalizes passport number and email", () => {
    const r = applicantSchema(FIELD_KINDS, TODAY).parse(good);
    expect(r.PassportNumber).toBe("A1234567");
    expect(r.Email).toBe("a@example.com");
    expect(r.LastEntry).toBeUndefined();
  });
  it("names each bad field", () => {
    expect(issues({ ...good, DateOfBirth: "2027-01-01", TravelDate: "2026-01-01", PassportNumber: "12", FullName: "Ahmed", FullQuadRupleName: "a b c" })).toMatchObject({
      DateOfBirth: "validation.dateInPast", TravelDate: "validation.dateInFuture", PassportNumber: "validation.passportNumber",
      FullName: "validation.fullName", FullQuadRupleName: "validation.quadName",
    });
    expect(issues({ ...good, ReturnDate: "2026-12-01" })).toEqual({ ReturnDate: "validation.returnAfterTravel" });
    expect(issues({ ...good, PassportExpiry: "2026-12-15" })).toEqual({ PassportExpiry: "validation.expiryAfterReturn" });
    expect(issues({ ...good, DateOfBirth: "2026-02-30" })).toEqual({ DateOfBirth: "validation.date" });
    expect(issues({ FullName: "Ahmed Ali", Extra: "x" }, ["FullName"])).toHaveProperty("unrecognized_keys");
    expect(issues({}, ["FullName", "PassportNumber"])).toEqual({ FullName: "validation.required", PassportNumber: "validation.required" });
  });
});

describe("state machine", () => {
  it("final states have no moves; agencies may only cancel", () => {
    for (const s of ["Approved", "Rejected", "Canceled"] as const) expect(allowedTransitions(s, "Admin")).toEqual([]);
    expect(allowedTransitions("Requested", "Agency")).toEqual(["Canceled"]);
    expect(allowedTransitions("Paid", "Agency")).toEqual([]);
    expect(allowedTransitions("DocumentNeeded", "System")).toEqual(["Modified"]);
    expect(allowedTransitions("Modified", "Admin")).toEqual(["InProcess", "Approved", "DocumentNeeded", "CorrectionNeeded", "Rejected", "Paid"]);
    expect(Object.keys(VISA_TRANSITIONS).sort()).toEqual([...VISA_STATUSES].sort());
  });
  it("status changes need a reason and missing documents where DESIGN §6 says so", () => {
    expect(statusChangeInput.safeParse({ status: "Rejected" }).success).toBe(false);
    expect(statusChangeInput.safeParse({ status: "DocumentNeeded", reason: "x" }).success).toBe(false);
    expect(statusChangeInput.safeParse({ status: "DocumentNeeded", reason: "x", missingDocuments: ["r1"] }).success).toBe(true);
    expect(statusChangeInput.safeParse({ status: "InProcess" }).success).toBe(true);
  });
});

describe("queries and balance operations", () => {
  it("parses status lists and refuses unknown statuses", () => {
    expect(requestListQuery.parse({ status: "Requested,Paid" }).status).toEqual(["Requested", "Paid"]);
    expect(requestListQuery.safeParse({ status: "Nope" }).success).toBe(false);
  });
  it("amounts are positive integers with a note", () => {
    expect(updateBalanceInput.safeParse({ operation: "ADD", amount: 100, note: "cash" }).success).toBe(true);
    expect(updateBalanceInput.safeParse({ operation: "ADD", amount: 0, note: "cash" }).success).toBe(false);
    expect(updateBalanceInput.safeParse({ operation: "ADD", amount: 1.5, note: "cash" }).success).toBe(false);
    expect(updateBalanceInput.safeParse({ operation: "ADD", amount: 100, note: "" }).success).toBe(false);
  });
});
