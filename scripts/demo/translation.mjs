// Demo translation catalogue (issue 12): languages and services with Arabic and Sorani Kurdish texts. Orders are not
// seeded: each would need its Order ledger row and balance change, and the browser journey makes real ones.
// Fixed ids, INSERT OR IGNORE: loading twice changes nothing.
import { sql } from "./lib.mjs";

const AT = "2026-11-02T09:00:00.000Z";
/** Fixed UUIDv7-shaped ids: kind 7 = language, 8 = service. */
const fixed = (kind, n) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;

export const LANGUAGES = [
  ["ar", "Arabic", "العربية", "عەرەبی"],
  ["en", "English", "الإنجليزية", "ئینگلیزی"],
  ["ckb", "Kurdish (Sorani)", "الكردية (السورانية)", "کوردی (سۆرانی)"],
  ["tr", "Turkish", "التركية", "تورکی"],
  ["fa", "Persian", "الفارسية", "فارسی"],
  ["de", "German", "الألمانية", "ئەڵمانی"],
  ["fr", "French", "الفرنسية", "فەرەنسی", false],
].map(([code, en, ar, ku, enabled = true], i) => ({ id: fixed("7", i + 1), code, en, ar, ku, enabled }));
const lang = Object.fromEntries(LANGUAGES.map((l) => [l.code, l.id]));

export const SERVICES = [
  {
    id: fixed("8", 1),
    name: ["Sworn legal translation", "ترجمة قانونية محلَّفة", "وەرگێڕانی یاسایی سوێندخواردوو"],
    description: [
      "Certified translation with the sworn translator's stamp, accepted by embassies and courts.",
      "ترجمة معتمدة بختم المترجم المحلَّف، مقبولة لدى السفارات والمحاكم.",
      "وەرگێڕانی پەسەندکراو بە مۆری وەرگێڕی سوێندخواردوو، لە باڵیۆزخانە و دادگاکان وەردەگیرێت.",
    ],
    price: 1500, days: 3, certified: true, languages: ["ar", "en", "ckb", "tr", "de"],
  },
  {
    id: fixed("8", 2),
    name: ["General translation", "ترجمة عامة", "وەرگێڕانی گشتی"],
    description: [
      "Letters, bank statements and booking confirmations, translated for your own files.",
      "الرسائل وكشوف الحسابات وتأكيدات الحجز، مترجمة لملفاتك الخاصة.",
      "نامە، کەشفی حساب و دڵنیاکردنەوەی حجز، بۆ فایلەکانی خۆت وەردەگێڕدرێن.",
    ],
    price: 800, days: 2, certified: false, languages: ["ar", "en", "ckb", "fa", "tr"],
  },
  {
    id: fixed("8", 3),
    name: ["Court and civil-status documents", "وثائق المحاكم والأحوال المدنية", "بەڵگەنامەکانی دادگا و باری شارستانی"],
    description: [
      "Birth, marriage and court certificates, translated and certified for visa files.",
      "شهادات الميلاد والزواج وقرارات المحاكم، مترجمة ومصدَّقة لملفات التأشيرات.",
      "بڕوانامەی لەدایکبوون، هاوسەرگیری و بڕیاری دادگا، وەرگێڕدراو و پەسەندکراو بۆ فایلی ڤیزا.",
    ],
    price: 2500, days: 5, certified: true, languages: ["ar", "en", "ckb", "de"],
  },
];

export function statements() {
  return [
    ...LANGUAGES.map(
      (l) => sql`INSERT OR IGNORE INTO translation_languages (id, code, name_en, name_ar, name_ku, enabled, created_at, updated_at)
        VALUES (${l.id}, ${l.code}, ${l.en}, ${l.ar}, ${l.ku}, ${l.enabled}, ${AT}, ${AT})`,
    ),
    ...SERVICES.map(
      (s) => sql`INSERT OR IGNORE INTO translation_services (id, name_en, name_ar, name_ku, description_en, description_ar, description_ku, price_per_page,
          languages, turnaround_days, certified, enabled, created_at, updated_at)
        VALUES (${s.id}, ${s.name[0]}, ${s.name[1]}, ${s.name[2]}, ${s.description[0]}, ${s.description[1]}, ${s.description[2]}, ${s.price},
          ${JSON.stringify(s.languages.map((code) => lang[code]))}, ${s.days}, ${s.certified}, 1, ${AT}, ${AT})`,
    ),
  ];
}
