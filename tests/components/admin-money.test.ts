import { describe, expect, it } from "vitest";
import { createFormStore, fromMinorUnits, inputFromValues, toMinorUnits } from "../../src/admin/kit";
import { visas } from "../../src/admin/visas/visas.resource";
import { visaInput, type Visa } from "../../src/contract/catalogue";
import { formatMoney } from "../../src/components/ui";

describe("money: major units typed, integer minor units sent (DESIGN §5)", () => {
  it.each([
    ["125", 12500],
    ["125.5", 12550],
    ["125.50", 12550],
    ["0.1", 10],
    ["0.07", 7],
    ["1,250.99", 125099],
    [" 19.9 ", 1990],
    ["١٢٥٫٥٠", 12550], // Arabic-Indic digits and decimal separator
    ["۱۲۵٫۵", 12550], // Extended (Persian/Kurdish keyboard) digits
    ["١٬٢٥٠", 125000], // Arabic thousands separator
  ])("%s → %i", (text, minor) => {
    expect(toMinorUnits(text, "USD")).toBe(minor);
  });

  it.each(["", "abc", "1.234", "-5", "1.2.3", "12e3", "٫"])("refuses %j", (text) => {
    expect(toMinorUnits(text, "USD")).toBeNull();
  });

  it("follows the currency's minor unit", () => {
    expect(toMinorUnits("1500", "JPY")).toBe(1500);
    expect(toMinorUnits("1500.5", "JPY")).toBeNull();
    expect(toMinorUnits("1.005", "KWD")).toBe(1005);
    expect(fromMinorUnits(1005, "KWD")).toBe("1.005");
  });

  it("shows minor units back as plain major units and round-trips", () => {
    expect(fromMinorUnits(12550, "USD")).toBe("125.50");
    expect(fromMinorUnits(7, "USD")).toBe("0.07");
    expect(fromMinorUnits(0, "USD")).toBe("0.00");
    for (const minor of [0, 1, 99, 100, 12345, 999_999_99]) expect(toMinorUnits(fromMinorUnits(minor, "USD"), "USD")).toBe(minor);
  });

  it("formats money through Intl in the page's language", () => {
    expect(formatMoney(12550, "USD", "en")).toBe("$125.50");
    expect(formatMoney(12550, "USD", "ku")).toMatch(/١٢٥٫٥٠/);
  });
});

describe("the visa form's price", () => {
  const values = () => ({ ...visas.empty(), countryId: "country-tr", title: { en: "Tourist visa", ar: "تأشيرة سياحية", ku: "ڤیزای گەشتیاری" }, processingDays: "5", validityDays: "30" });

  it("is sent as an integer amount of cents, with the other numbers as numbers", async () => {
    const form = createFormStore({ schema: visaInput, initial: values(), toInput: (v) => inputFromValues(visas.fields, v, "USD") });
    form.setValue("price", "١٬٢٥٠٫٥");
    let sent: Record<string, unknown> | null = null;
    await form.submit(async (input) => {
      sent = input as Record<string, unknown>;
    });
    expect(sent).toMatchObject({ price: 125050, processingDays: 5, validityDays: 30, countryId: "country-tr", travelMode: "Air", entries: "single" });
  });

  it("refuses an amount with a fraction of a cent, with the money message", async () => {
    const form = createFormStore({ schema: visaInput, initial: values(), toInput: (v) => inputFromValues(visas.fields, v, "USD") });
    form.setValue("price", "12.345");
    form.setValue("processingDays", "2.5");
    expect(await form.submit(async () => "sent")).toBeNull();
    expect(form.$errors.get()).toMatchObject({ price: { key: "money.tooManyDecimals" }, processingDays: { key: "validation.integer" } });
  });

  it("shows every problem at once: the amount's and the schema's", async () => {
    const form = createFormStore({ schema: visaInput, initial: { ...values(), title: { en: "", ar: "", ku: "" } }, toInput: (v) => inputFromValues(visas.fields, v, "USD") });
    form.setValue("price", "twelve");
    expect(await form.submit(async () => "sent")).toBeNull();
    expect(form.$errors.get()).toMatchObject({ price: { key: "money.invalid" }, "title.en": { key: "validation.required" }, "title.ku": { key: "validation.required" } });
  });

  it("refuses a price above the contract's maximum with its key", async () => {
    const form = createFormStore({ schema: visaInput, initial: values(), toInput: (v) => inputFromValues(visas.fields, v, "USD") });
    form.setValue("price", "20000000");
    expect(await form.submit(async () => "sent")).toBeNull();
    expect(form.$errors.get().price).toEqual({ key: "validation.max" });
  });

  it("opens a saved visa with its own price in major units", () => {
    const visa = { _id: "v1", country: { _id: "country-tr", name: { en: "Türkiye", ar: "تركيا", ku: "تورکیا" }, code: "TR", flag: "🇹🇷" }, title: { en: "T", ar: "ت", ku: "ت" },
      description: { en: "", ar: "", ku: "" }, image: null, price: 9900, basePrice: 12550, currency: "USD", processingDays: 5, validityDays: 30, entries: "single",
      travelMode: "Air", featured: false, enabled: true, createdAt: "", updatedAt: "", content: { en: "", ar: "", ku: "" }, fields: ["FullName"], requirements: [] } as Visa;
    expect(visas.toValues!(visa, { currency: "USD" })).toMatchObject({ price: "125.50", processingDays: "5", countryId: "country-tr", fields: ["FullName"], requirementIds: [] });
  });
});
