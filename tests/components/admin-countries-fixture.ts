/** Countries for the admin kit's tests, served by FakeResource after the contract (countryInput). */
import { countryInput, type Country } from "../../src/contract/catalogue";
import { FakeResource } from "./admin-fake-api";

const NAMES: [string, string, string, string][] = [
  ["AE", "United Arab Emirates", "الإمارات", "ئیمارات"], ["AZ", "Azerbaijan", "أذربيجان", "ئازەربایجان"], ["DE", "Germany", "ألمانيا", "ئەڵمانیا"],
  ["EG", "Egypt", "مصر", "میسر"], ["FR", "France", "فرنسا", "فەرەنسا"], ["GB", "United Kingdom", "المملكة المتحدة", "شانشینی یەکگرتوو"],
  ["GE", "Georgia", "جورجيا", "جۆرجیا"], ["IN", "India", "الهند", "هیندستان"], ["IR", "Iran", "إيران", "ئێران"], ["IT", "Italy", "إيطاليا", "ئیتاڵیا"],
  ["JO", "Jordan", "الأردن", "ئوردن"], ["LB", "Lebanon", "لبنان", "لوبنان"], ["MY", "Malaysia", "ماليزيا", "مالیزیا"], ["QA", "Qatar", "قطر", "قەتەر"],
  ["RU", "Russia", "روسيا", "ڕووسیا"], ["SA", "Saudi Arabia", "السعودية", "سعودیە"], ["TH", "Thailand", "تايلاند", "تایلەند"], ["TR", "Türkiye", "تركيا", "تورکیا"],
  ["US", "United States", "الولايات المتحدة", "ویلایەتە یەکگرتووەکان"], ["AM", "Armenia", "أرمينيا", "ئەرمینیا"], ["CN", "China", "الصين", "چین"],
  ["ES", "Spain", "إسبانيا", "ئیسپانیا"], ["NL", "Netherlands", "هولندا", "هۆڵەندا"], ["OM", "Oman", "عُمان", "عومان"], ["KW", "Kuwait", "الكويت", "کوەیت"],
];

const flag = (code: string) => String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString();

export function countryRow(code: string, en: string, ar: string, ku: string, i: number, enabled = true): Country {
  return { _id: `country-${code.toLowerCase()}`, name: { en, ar, ku }, code, flag: flag(code), enabled, visaCount: i % 4, createdAt: at(i), updatedAt: at(i) };
}

export const COUNTRIES: Country[] = NAMES.map(([code, en, ar, ku], i) => countryRow(code, en, ar, ku, i, i % 5 !== 4));

/** English sentences of the validation keys (the real API localizes them per caller). */
export const SENTENCES: Record<string, string> = {
  "validation.required": "This field is required.",
  "validation.countryCode": "Use the two-letter country code, for example IQ or TR.",
};

export function fakeCountries(rows: Country[] = COUNTRIES) {
  return new FakeResource({
    base: "countries",
    rows: rows as unknown as (Record<string, unknown> & { _id: string })[],
    schema: countryInput,
    sentences: SENTENCES,
    toRow: (input, id, previous) => {
      const name = input.name as Country["name"];
      const code = String(input.code);
      return { ...(previous ?? {}), ...countryRow(code, name.en, name.ar, name.ku, 0, input.enabled as boolean), _id: id };
    },
    searchIn: (row) => {
      const c = row as unknown as Country;
      return `${c.name.en} ${c.name.ar} ${c.name.ku} ${c.code}`;
    },
    sortBy: {
      name: (row) => (row as unknown as Country).name.en.toLowerCase(),
      "name.en": (row) => (row as unknown as Country).name.en.toLowerCase(),
      "name.ar": (row) => (row as unknown as Country).name.ar,
      code: (row) => String(row.code),
      enabled: (row) => Boolean(row.enabled),
      updatedAt: (row) => String(row.updatedAt),
      visaCount: (row) => Number(row.visaCount),
    },
  });
}
