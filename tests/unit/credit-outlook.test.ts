// Issue 30: the credit line's arithmetic the pages show before a charge (shared/credit.ts), the same rule for the
// visa filing, group filing and translation order forms, and how a balance moved live carries its credit state.
import { describe, expect, it } from "vitest";
import type { CreditState } from "../../src/contract/credit";
import { chargeOutlook, creditAtBalance, creditShown } from "../../src/shared/credit";

const line = (over: Partial<CreditState> = {}): CreditState => ({
  limit: 40_000, ownLimit: true, frozen: false, termsDays: 30, available: 50_000, debt: 0, debtSince: null, overdue: false, ...over,
});

describe("chargeOutlook", () => {
  it("lets the balance go below zero down to the available amount, and says what will be owed", () => {
    expect(chargeOutlook(10_000, 30_000, line())).toEqual({ after: -20_000, available: 50_000, short: 0, owedAfter: 20_000 });
  });
  it("measures what is short against the available amount, not the balance", () => {
    expect(chargeOutlook(10_000, 60_000, line()).short).toBe(10_000);
  });
  it("without a credit line (or frozen: available is the balance) the balance is all there is", () => {
    expect(chargeOutlook(10_000, 30_000)).toEqual({ after: -20_000, available: null, short: 20_000, owedAfter: 20_000 });
    expect(chargeOutlook(10_000, 30_000, line({ frozen: true, available: 10_000 })).short).toBe(20_000);
  });
});

describe("creditAtBalance", () => {
  it("moves what is available and owed with the balance; a debt paid off ends with its lateness", () => {
    const owing = line({ available: 10_000, debt: 30_000, debtSince: "2026-10-01T00:00:00.000Z", overdue: true });
    expect(creditAtBalance(owing, -35_000)).toMatchObject({ available: 5_000, debt: 35_000, overdue: true });
    expect(creditAtBalance(owing, 2_000)).toMatchObject({ available: 42_000, debt: 0, debtSince: null, overdue: false });
    expect(creditAtBalance(line({ frozen: true }), -1_000)).toMatchObject({ available: 0, debt: 1_000 });
  });
  it("is shown only with a credit line or a debt", () => {
    expect(creditShown(line({ limit: 0 }))).toBe(false);
    expect(creditShown(line({ limit: 0, debt: 500 }))).toBe(true);
    expect(creditShown(undefined)).toBe(false);
  });
});
