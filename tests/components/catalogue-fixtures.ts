/** Catalogue records for the component tests, in the shapes of src/contract/catalogue.ts. */
import type { ListResponse } from "../../src/contract/common";
import type { Country, Visa, VisaRequirement, VisaSummary } from "../../src/contract/catalogue";

const at = "2026-11-20T10:00:00.000Z";

export const TURKEY: Country = {
  _id: "country-tr", name: { en: "Turkey", ar: "تركيا", ku: "تورکیا" }, code: "TR", flag: "🇹🇷", enabled: true, createdAt: at, updatedAt: at,
};
export const UAE: Country = {
  _id: "country-ae", name: { en: "United Arab Emirates", ar: "الإمارات", ku: "ئیمارات" }, code: "AE", flag: "🇦🇪", enabled: true, createdAt: at, updatedAt: at,
};
export const CLOSED: Country = { ...UAE, _id: "country-xx", name: { en: "Closed", ar: "مغلق", ku: "داخراو" }, code: "XX", enabled: false };

export function visa(overrides: Partial<VisaSummary> & { _id: string }): VisaSummary {
  return {
    country: { _id: TURKEY._id, name: TURKEY.name, code: TURKEY.code, flag: TURKEY.flag },
    title: { en: `Tourist visa ${overrides._id}`, ar: `تأشيرة سياحية ${overrides._id}`, ku: `ڤیزای گەشتیاری ${overrides._id}` },
    description: { en: "Thirty days of sightseeing", ar: "ثلاثون يومًا", ku: "سی ڕۆژ" },
    image: null,
    price: 12550,
    currency: "USD",
    processingDays: 3,
    validityDays: 30,
    entries: "single",
    travelMode: "Air",
    featured: false,
    enabled: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function page(data: VisaSummary[], total = data.length, pageNumber = 1, limit = 12): ListResponse<VisaSummary> {
  return { data, total, page: pageNumber, limit };
}

const requirement = (id: string, kind: VisaRequirement["kind"], required: boolean, en: string): VisaRequirement => ({
  _id: id, kind, required, name: { en, ar: `${en} (ar)`, ku: `${en} (ku)` }, description: { en: "", ar: "", ku: "" }, createdAt: at, updatedAt: at,
});

export function fullVisa(overrides: Partial<Visa> & { _id: string }): Visa {
  return {
    ...visa(overrides),
    content: { en: "<p>Apply <strong>two weeks</strong> before travel.</p>", ar: "<p>قدّم الطلب قبل السفر بأسبوعين.</p>", ku: "<p>دوو هەفتە پێش گەشت داوا بکە.</p>" },
    fields: ["FullName", "PassportNumber"],
    requirements: [
      requirement("req-photo", "document", false, "Photo"),
      requirement("req-passport", "document", true, "Passport scan"),
      requirement("req-hotel", "information", true, "Hotel address"),
    ],
    ...overrides,
  };
}
