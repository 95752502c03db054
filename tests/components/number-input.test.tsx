/**
 * Issue 11: money and number inputs follow the locale's digit rule like tables do, accept every digit system a
 * keyboard sends, and hand the form exact integer minor units (text parsed, never a float).
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NumberField, NumberInput, moneyExample } from "../../src/components/ui/NumberInput";
import { formatNumber } from "../../src/components/ui/format";
import { localizeDigits, minorToText, parseMoney, parseWholeNumber, type ParsedNumber } from "../../src/components/ui/numbers";

afterEach(cleanup);

describe("parseMoney: typed major units → integer minor units", () => {
  it.each([
    ["١٢٫٥٠", 1250], // Arabic-Indic digits, Arabic decimal separator
    ["12.5", 1250],
    ["1,234.50", 123450],
    ["١٬٢٣٤٫٥٠", 123450], // Arabic grouping mark
    ["۱۲۵٫۵", 12550], // Extended Arabic-Indic (Persian / Kurdish keyboards)
    ["١٢.5", 1250], // digit systems mixed by a keyboard switch halfway
    ["0.07", 7],
    [".5", 50],
    ["12.", 1200],
    ["  19.90 ", 1990],
    ["\u200f١٠٠", 10000], // a direction mark pasted from an Arabic page
    ["0.29", 29], // 0.29 * 100 is 28.999999999999996 as a float
    ["1.13", 113], // 1.13 * 100 is 112.99999999999999
    ["90071992547409.91", 9007199254740991], // the largest safe integer of cents
  ])("%j → %i", (text, minor) => {
    expect(parseMoney(text, "USD")).toEqual({ value: minor });
  });

  it("empty text is no value (the form decides whether it was required)", () => {
    expect(parseMoney("", "USD")).toEqual({ value: null });
    expect(parseMoney("   ", "USD")).toEqual({ value: null });
  });

  it.each([
    ["abc", "money.invalid"],
    ["12e3", "money.invalid"],
    ["1.2.3", "money.invalid"],
    ["٫", "money.invalid"],
    [".", "money.invalid"],
    ["US$ 12", "money.invalid"],
    ["-5", "money.negative"],
    ["−5", "money.negative"], // the typographic minus
    ["-٥", "money.negative"],
    ["12.345", "money.tooManyDecimals"],
    ["١٢٫٣٤٥", "money.tooManyDecimals"],
    ["90071992547409.92", "money.tooLarge"],
  ])("refuses %j with %s", (text, problem) => {
    expect(parseMoney(text, "USD")).toEqual({ problem });
  });

  it("follows the currency's minor unit (IQD and JPY have none, KWD three)", () => {
    expect(parseMoney("٢٥٠٠", "IQD")).toEqual({ value: 2500 });
    expect(parseMoney("2500.5", "IQD")).toEqual({ problem: "money.tooManyDecimals" });
    expect(parseMoney("1.005", "KWD")).toEqual({ value: 1005 });
    expect(minorToText(1005, "KWD")).toBe("1.005");
    expect(minorToText(2500, "IQD")).toBe("2500");
  });

  it("round-trips every amount through the text an input shows, in every locale", () => {
    for (const locale of ["en", "ar", "ku"]) {
      for (const minor of [0, 1, 7, 99, 100, 12345, 99_999_999]) {
        expect(parseMoney(localizeDigits(minorToText(minor, "USD"), locale), "USD")).toEqual({ value: minor });
      }
    }
  });
});

describe("parseWholeNumber: counts", () => {
  it.each([["١٢", 12], ["۱۲", 12], ["12", 12], ["1,000", 1000], ["٠", 0]])("%j → %i", (text, value) => {
    expect(parseWholeNumber(text)).toEqual({ value });
  });
  it.each([["2.5", "money.whole"], ["٢٫٥", "money.whole"], ["-3", "money.negative"], ["x", "money.whole"]])("refuses %j with %s", (text, problem) => {
    expect(parseWholeNumber(text)).toEqual({ problem });
  });
});

describe("localizeDigits: the digits of the page, one character for one", () => {
  it("ar and ku show Arabic-Indic digits and marks, as tables do; en shows Latin", () => {
    expect(localizeDigits("1,234.50", "ar")).toBe("١٬٢٣٤٫٥٠");
    expect(localizeDigits("۱۲۳", "ku")).toBe("١٢٣");
    expect(localizeDigits("١٬٢٣٤٫٥٠", "en")).toBe("1,234.50");
    // The same digits and marks the formatter gives the tables of that locale.
    expect(localizeDigits("1,234.5", "ar")).toBe(formatNumber(1234.5, "ar"));
    expect(localizeDigits("1,234.5", "en")).toBe(formatNumber(1234.5, "en"));
    expect(moneyExample("USD", "ar")).toBe("١٢٥٫٥٠");
  });
  it("keeps what is not a digit for the parser to refuse", () => {
    expect(localizeDigits("12a", "ar")).toBe("١٢a");
    expect(localizeDigits("abc", "ar").length).toBe(3);
  });
});

/** A field as a form uses it: the text in state, the last parsed value kept for the assertions. */
function Harness({ locale, kind = "money", currency = "USD", initial = "" }: { locale: string; kind?: "money" | "whole"; currency?: string; initial?: string }) {
  const [text, setText] = useState(initial);
  const [parsed, setParsed] = useState<ParsedNumber | null>(null);
  return (
    <>
      <NumberField
        label="Price" kind={kind} currency={currency} locale={locale} value={text} testId="amount"
        onValue={(value, result) => { setText(value); setParsed(result); }}
        error={parsed?.problem ?? null}
      />
      <output data-testid="parsed">{parsed ? JSON.stringify(parsed) : ""}</output>
    </>
  );
}

describe("NumberField", () => {
  const input = () => screen.getByTestId("amount") as HTMLInputElement;
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const parsed = () => JSON.parse(screen.getByTestId("parsed").textContent || "null");

  it("ar: Latin typing is shown in Arabic-Indic digits and hands over the exact minor units", () => {
    render(<Harness locale="ar" />);
    type("1,234.5");
    expect(input().value).toBe("١٬٢٣٤٫٥");
    expect(parsed()).toEqual({ value: 123450 });
    type("١٢٫٥٠");
    expect(input().value).toBe("١٢٫٥٠");
    expect(parsed()).toEqual({ value: 1250 });
    type("۱۲"); // a Persian/Kurdish keyboard
    expect(input().value).toBe("١٢");
    expect(parsed()).toEqual({ value: 1200 });
  });

  it("en: Arabic-Indic typing is shown in Latin digits", () => {
    render(<Harness locale="en" />);
    type("١٢٫٥٠");
    expect(input().value).toBe("12.50");
    expect(parsed()).toEqual({ value: 1250 });
  });

  it("shows a stored amount in the page's digits", () => {
    render(<Harness locale="ku" initial="125.50" />);
    expect(input().value).toBe("١٢٥٫٥٠");
  });

  it("names the problem on the field and marks it invalid; a minus is refused", () => {
    render(<Harness locale="ar" />);
    type("-5");
    expect(parsed()).toEqual({ problem: "money.negative" });
    expect(input().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("money.negative")).toBeTruthy();
    type("12.345");
    expect(parsed()).toEqual({ problem: "money.tooManyDecimals" });
    type("");
    expect(parsed()).toEqual({ value: null });
    expect(input().getAttribute("aria-invalid")).toBeNull();
  });

  it("is labelled, asks for a decimal keyboard, shows the currency, and counts ask for a numeric one", () => {
    render(<Harness locale="ar" />);
    expect(screen.getByLabelText("Price")).toBe(input());
    expect(input().inputMode).toBe("decimal");
    expect(screen.getByText("USD")).toBeTruthy();
    cleanup();
    render(<Harness locale="ar" kind="whole" />);
    type("3");
    expect(input().value).toBe("٣");
    expect(parsed()).toEqual({ value: 3 });
    expect(input().inputMode).toBe("numeric");
  });

  it("keeps the caret where the person types when digits are swapped", () => {
    render(<Harness locale="ar" initial="١٢٣" />);
    const el = input();
    el.focus();
    // Typing "9" between ١ and ٢: the browser puts the caret after the new character.
    // The native setter, as the browser does (React's own setter would hide the change from React).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, "١9٢٣");
    el.setSelectionRange(2, 2);
    fireEvent.input(el);
    expect(el.value).toBe("١٩٢٣");
    expect(el.selectionStart).toBe(2);
  });

  it("works bare with its own label", () => {
    const seen: ParsedNumber[] = [];
    render(<NumberInput aria-label="Group price" value="" locale="ar" onValue={(_, p) => seen.push(p)} testId="bare" />);
    fireEvent.change(screen.getByLabelText("Group price"), { target: { value: "99.9" } });
    expect(seen).toEqual([{ value: 9990 }]);
  });
});

describe("MoneyFilter (issue 26 item 5: an amount filter asks for money, not 'minor units')", () => {
  it("takes an amount as money in the page's digits and applies minor units; a filter set elsewhere shows as money", async () => {
    const { MoneyFilter } = await import("../../src/admin/kit/MoneyFilter");
    const { map } = await import("nanostores");
    const $query = map({ page: 1, limit: 10, search: "", sort: "createdAt", order: "desc" as const, filters: {} as Record<string, string> });
    const applied: [string, string][] = [];
    const store = {
      $query,
      setFilter: async (name: string, value: string) => {
        applied.push([name, value]);
        $query.setKey("filters", { ...$query.get().filters, [name]: value });
      },
    };
    render(<MoneyFilter store={store as never} name="balanceMin" label="Balance at least" currency="USD" delay={0} />);
    const input = screen.getByTestId("filter-balanceMin") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "١٢٥٫٥" } });
    await new Promise((done) => setTimeout(done, 20));
    expect(applied).toEqual([["balanceMin", "12550"]]);
    // A half-typed amount applies nothing and says what is wrong.
    fireEvent.change(input, { target: { value: "12.345" } });
    await new Promise((done) => setTimeout(done, 20));
    expect(applied).toHaveLength(1);
    expect(screen.getByTestId("field-error").textContent).toMatch(/money\.tooManyDecimals|fewer decimal places/);
    // "Clear filters": the field empties.
    await act(async () => void $query.setKey("filters", {}));
    expect(input.value).toBe("");
  });
});
