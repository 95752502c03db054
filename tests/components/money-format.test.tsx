/**
 * One rule for digits and money (issue 11): the admin Money component and the agent pages' formatPrice show one
 * amount identically in every locale; ar and ku use Arabic-Indic digits only, en Latin digits only.
 */
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Money } from "../../src/components/ui/Money";
import { formatDate, formatMoney, formatNumber } from "../../src/components/ui/format";
import { formatPrice } from "../../src/features/catalogue/format";
import type { Locale } from "../../src/shared/locales";

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.locale;
});

const LATIN = /[0-9]/;
const ARABIC_INDIC = /[\u0660-\u0669]/;

describe("money and digits per locale", () => {
  for (const locale of ["en", "ar", "ku"] as Locale[]) {
    it(`${locale}: the admin Money and the agent formatPrice produce the same text`, () => {
      document.documentElement.dataset.locale = locale;
      for (const [minor, currency] of [[250000, "USD"], [10000, "USD"], [2500000, "IQD"]] as const) {
        const { container } = render(<Money minor={minor} currency={currency} />);
        expect(container.textContent).toBe(formatPrice(minor, currency, locale));
        cleanup();
      }
    });
  }

  it("en: Latin digits; ar and ku: the same Arabic-Indic text, never a Latin digit in it", () => {
    expect(formatMoney(250000, "USD", "en")).toBe("$2,500.00");
    const ar = formatMoney(250000, "USD", "ar");
    expect(ar).toMatch(ARABIC_INDIC);
    expect(ar).not.toMatch(LATIN);
    expect(ar).toContain("٢٬٥٠٠٫٠٠");
    expect(formatMoney(250000, "USD", "ku")).toBe(ar);
    expect(formatNumber(1234, "ku")).toBe(formatNumber(1234, "ar"));
    // A row of a table: its date, count and amount in one digit system.
    const row = [formatDate("2026-11-23T10:00:00Z", "ku"), formatNumber(12, "ku"), formatMoney(9990, "USD", "ku")].join(" ");
    expect(row).not.toMatch(LATIN);
  });
});
