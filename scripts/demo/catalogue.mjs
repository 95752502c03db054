// Demo catalogue (issue 4): countries, visa requirements, visas with Arabic and Sorani Kurdish texts, Gold group
// prices, one visa hidden from Standard, and the active theme (spec §9: amber/gold primary, blue accent) with a logo
// and three home banners. The images are real PNGs drawn here (a tiny encoder on node:zlib) and put into local R2 by
// scripts/seed.mjs (objects()). Fixed ids, INSERT OR IGNORE: loading twice changes nothing.
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { IDS } from "./accounts.mjs";
import { sql } from "./lib.mjs";

const AT = "2026-11-02T08:00:00.000Z";
/** Fixed UUIDv7-shaped ids: prefix + kind letter + number. */
const fixed = (kind, n) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const at = (minutes) => new Date(Date.parse(AT) + minutes * 60_000).toISOString();

// ── Countries ────────────────────────────────────────────────────────────────────────────────────
const COUNTRIES = [
  ["TR", "Turkey", "تركيا", "تورکیا"],
  ["AE", "United Arab Emirates", "الإمارات العربية المتحدة", "میرنشینە یەکگرتووەکانی عەرەب"],
  ["JO", "Jordan", "الأردن", "ئوردن"],
  ["EG", "Egypt", "مصر", "میسر"],
  ["IR", "Iran", "إيران", "ئێران"],
  ["LB", "Lebanon", "لبنان", "لوبنان"],
  ["GE", "Georgia", "جورجيا", "جۆرجیا"],
  ["DE", "Germany (Schengen)", "ألمانيا (شنغن)", "ئەڵمانیا (شێنگن)"],
  ["GB", "United Kingdom", "المملكة المتحدة", "شانشینی یەکگرتوو"],
  ["MY", "Malaysia", "ماليزيا", "مالیزیا"],
  ["SA", "Saudi Arabia", "المملكة العربية السعودية", "عەرەبستانی سعوودی"],
  ["QA", "Qatar", "قطر", "قەتەر", false],
].map(([code, en, ar, ku, enabled = true], i) => ({ id: fixed("1", i + 1), code, en, ar, ku, enabled }));
const country = Object.fromEntries(COUNTRIES.map((c) => [c.code, c]));

// ── Visa requirements ────────────────────────────────────────────────────────────────────────────
const REQUIREMENTS = {
  passport: ["document", true,
    ["Passport copy", "نسخة جواز السفر", "کۆپیی پاسپۆرت"],
    ["Colour scan of the photo page; the passport must be valid for at least 6 more months.", "مسح ملوّن لصفحة البيانات؛ ويجب أن يكون الجواز صالحاً لمدة ٦ أشهر على الأقل.", "سکانێکی ڕەنگاوڕەنگی لاپەڕەی زانیارییەکان؛ پاسپۆرتەکە دەبێت لانیکەم ٦ مانگی تر بەکاربێت."]],
  photo: ["document", true,
    ["Personal photo", "صورة شخصية", "وێنەی کەسی"],
    ["Recent colour photo on a white background, 4×6 cm, face clearly visible.", "صورة ملوّنة حديثة بخلفية بيضاء، بقياس ٤×٦ سم، والوجه واضح.", "وێنەیەکی ڕەنگاوڕەنگی نوێ لەسەر باکگراوندی سپی، ٤×٦ سم، ڕووخسار بە ڕوونی دیار بێت."]],
  bank: ["document", true,
    ["Bank statement", "كشف حساب مصرفي", "کەشفی حسابی بانکی"],
    ["Statement of the last 3 months, stamped by the bank.", "كشف بآخر ٣ أشهر مختوم من المصرف.", "کەشفی ٣ مانگی کۆتایی، مۆرکراو لەلایەن بانکەوە."]],
  hotel: ["document", true,
    ["Hotel booking", "حجز الفندق", "حجزی هوتێل"],
    ["Confirmed reservation covering the whole stay.", "حجز مؤكّد يغطي مدة الإقامة كاملة.", "حجزێکی دڵنیاکراوە کە هەموو ماوەی مانەوە بگرێتەوە."]],
  flight: ["document", true,
    ["Flight reservation", "حجز تذكرة الطيران", "حجزی بلیتی فڕۆکە"],
    ["Return ticket reservation with the travel dates.", "حجز تذكرة ذهاب وعودة يتضمن تواريخ السفر.", "حجزی بلیتی چوون و گەڕانەوە لەگەڵ بەرواری گەشتەکە."]],
  invitation: ["document", true,
    ["Invitation letter", "رسالة دعوة", "نامەی بانگهێشت"],
    ["From the host company, family or hospital, with a copy of the host's ID.", "من الشركة أو العائلة أو المستشفى المضيف، مع نسخة من هوية المضيف.", "لە کۆمپانیا، خێزان یان نەخۆشخانەی خانەخوێوە، لەگەڵ کۆپیی ناسنامەی خانەخوێ."]],
  nationalId: ["document", true,
    ["National ID card", "البطاقة الوطنية", "کارتی نیشتمانی"],
    ["Both sides of the Iraqi national card.", "وجها البطاقة الوطنية العراقية.", "هەردوو ڕووی کارتی نیشتمانیی عێراقی."]],
  insurance: ["document", true,
    ["Travel insurance", "تأمين السفر", "بیمەی گەشت"],
    ["Medical cover for the whole trip (Schengen: at least 30,000 EUR).", "تغطية طبية طوال مدة الرحلة (شنغن: ٣٠٬٠٠٠ يورو على الأقل).", "بیمەی پزیشکی بۆ هەموو ماوەی گەشتەکە (شێنگن: لانیکەم ٣٠٬٠٠٠ یۆرۆ)."]],
  employment: ["document", true,
    ["Employment letter", "تأييد الاستمرار بالعمل", "نووسراوی دامەزراندن"],
    ["Letter from the employer stating position, salary and approved leave.", "رسالة من جهة العمل تبيّن المنصب والراتب والإجازة الموافق عليها.", "نووسراوێک لە شوێنی کارەوە کە پلە، مووچە و مۆڵەتی ڕەزامەندیلەسەرکراو دیاری بکات."]],
  previousVisas: ["information", false,
    ["Previous visas", "التأشيرات السابقة", "ڤیزاکانی پێشوو"],
    ["Countries and dates of visas issued in the last 5 years, if any.", "الدول وتواريخ التأشيرات الصادرة خلال السنوات الخمس الأخيرة، إن وجدت.", "وڵات و بەرواری ئەو ڤیزایانەی لە ٥ ساڵی ڕابردوودا دراون، ئەگەر هەبن."]],
};
const requirementIds = Object.fromEntries(Object.keys(REQUIREMENTS).map((name, i) => [name, fixed("2", i + 1)]));

// ── Visas ────────────────────────────────────────────────────────────────────────────────────────
const FIELDS_BASIC = ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry", "TravelDate"];
const FIELDS_FULL = [...FIELDS_BASIC, "ReturnDate", "Email", "TravelReason"];
const STANDARD_REQS = ["passport", "photo", "hotel", "flight", "bank"];

/** [country, mode, title{en,ar,ku}, description{en,ar,ku}, price (USD cents), processing days, validity days, entries, featured, requirements, fields, enabled] */
const VISAS = [
  ["TR", "Air", ["Turkey tourist e-Visa", "تأشيرة تركيا السياحية الإلكترونية", "ڤیزای ئەلیکترۆنیی گەشتیاریی تورکیا"],
    ["Single entry for tourism, up to 30 days in Turkey.", "دخول واحد للسياحة، لإقامة حتى ٣٠ يوماً في تركيا.", "یەک جار چوونەژوورەوە بۆ گەشتیاری، مانەوە تا ٣٠ ڕۆژ لە تورکیا."],
    8_500, 3, 180, "single", true, STANDARD_REQS, FIELDS_BASIC],
  ["TR", "Land", ["Turkey tourist visa by land (Ibrahim Khalil)", "تأشيرة تركيا السياحية براً (إبراهيم الخليل)", "ڤیزای گەشتیاریی تورکیا بە ڕێگای وشکانی (ئیبراهیم خەلیل)"],
    ["For travellers crossing at the Ibrahim Khalil border gate by car or coach.", "للمسافرين عبر منفذ إبراهيم الخليل بالسيارة أو الحافلة.", "بۆ گەشتیارانی دەروازەی سنووریی ئیبراهیم خەلیل بە ئۆتۆمبێل یان پاس."],
    9_500, 7, 90, "single", false, ["passport", "photo", "nationalId", "hotel", "bank"], [...FIELDS_BASIC, "DestinationAirport"]],
  ["TR", "Air", ["Turkey business visa", "تأشيرة تركيا للأعمال", "ڤیزای بازرگانیی تورکیا"],
    ["Multiple entries for meetings, fairs and trade visits.", "دخول متعدد للاجتماعات والمعارض والزيارات التجارية.", "چەند جار چوونەژوورەوە بۆ کۆبوونەوە، پێشانگا و سەردانی بازرگانی."],
    15_000, 10, 180, "multiple", false, ["passport", "photo", "invitation", "employment", "bank"], FIELDS_FULL],
  ["AE", "Air", ["UAE 30-day tourist visa", "تأشيرة الإمارات السياحية ٣٠ يوماً", "ڤیزای گەشتیاریی ئیمارات بۆ ٣٠ ڕۆژ"],
    ["Tourist visa for Dubai, Abu Dhabi and all emirates, 30 days' stay.", "تأشيرة سياحية لدبي وأبوظبي وجميع الإمارات، إقامة ٣٠ يوماً.", "ڤیزای گەشتیاری بۆ دوبەی، ئەبوزەبی و هەموو میرنشینەکان، مانەوەی ٣٠ ڕۆژ."],
    12_000, 3, 60, "single", true, ["passport", "photo", "flight", "hotel"], FIELDS_BASIC],
  ["AE", "Air", ["UAE 60-day tourist visa", "تأشيرة الإمارات السياحية ٦٠ يوماً", "ڤیزای گەشتیاریی ئیمارات بۆ ٦٠ ڕۆژ"],
    ["Longer tourist stay of up to 60 days.", "إقامة سياحية أطول تصل إلى ٦٠ يوماً.", "مانەوەی گەشتیاریی درێژتر تا ٦٠ ڕۆژ."],
    19_500, 4, 60, "single", false, ["passport", "photo", "flight", "hotel"], FIELDS_BASIC],
  ["AE", "Air", ["UAE 5-year multiple-entry tourist visa", "تأشيرة الإمارات السياحية متعددة الدخول لخمس سنوات", "ڤیزای گەشتیاریی ئیمارات بۆ ٥ ساڵ بە چەند جار چوونەژوورەوە"],
    ["Stays of up to 90 days at a time for five years; for frequent travellers.", "إقامات حتى ٩٠ يوماً في كل مرة على مدى خمس سنوات؛ للمسافرين الدائمين.", "هەر جارێک تا ٩٠ ڕۆژ مانەوە بۆ ماوەی پێنج ساڵ؛ بۆ ئەوانەی زۆر گەشت دەکەن."],
    65_000, 10, 1825, "multiple", false, ["passport", "photo", "bank", "insurance", "hotel"], FIELDS_FULL],
  ["JO", "Air", ["Jordan tourist visa", "تأشيرة الأردن السياحية", "ڤیزای گەشتیاریی ئوردن"],
    ["Single entry for Amman, Petra, Wadi Rum and the Dead Sea.", "دخول واحد لزيارة عمّان والبتراء ووادي رم والبحر الميت.", "یەک جار چوونەژوورەوە بۆ عەممان، پیترا، وادی ڕەم و دەریای مردوو."],
    7_000, 5, 90, "single", false, ["passport", "photo", "hotel", "bank"], FIELDS_BASIC],
  ["JO", "Land", ["Jordan visa by land (Trebil)", "تأشيرة الأردن براً (طريبيل)", "ڤیزای ئوردن بە ڕێگای وشکانی (تریبیل)"],
    ["For travellers crossing at the Trebil border post.", "للمسافرين عبر منفذ طريبيل الحدودي.", "بۆ گەشتیارانی خاڵی سنووریی تریبیل."],
    6_500, 7, 90, "single", false, ["passport", "photo", "nationalId", "hotel"], FIELDS_BASIC],
  ["EG", "Air", ["Egypt tourist visa", "تأشيرة مصر السياحية", "ڤیزای گەشتیاریی میسر"],
    ["Cairo, Luxor, Aswan and the Red Sea, single entry for 30 days.", "القاهرة والأقصر وأسوان والبحر الأحمر، دخول واحد لمدة ٣٠ يوماً.", "قاهیرە، لوقسور، ئەسوان و دەریای سوور، یەک جار چوونەژوورەوە بۆ ٣٠ ڕۆژ."],
    9_000, 10, 90, "single", true, STANDARD_REQS, FIELDS_BASIC],
  ["EG", "Air", ["Egypt medical treatment visa", "تأشيرة مصر للعلاج", "ڤیزای چارەسەری پزیشکیی میسر"],
    ["For patients and one companion, with the hospital's appointment letter.", "للمريض ومرافق واحد، مع رسالة الموعد من المستشفى.", "بۆ نەخۆش و یەک هاوڕێ، لەگەڵ نامەی کاتی چاوپێکەوتن لە نەخۆشخانەوە."],
    11_000, 7, 90, "single", false, ["passport", "photo", "invitation", "bank"], FIELDS_FULL],
  ["IR", "Land", ["Iran pilgrimage visa (Mashhad, Qom)", "تأشيرة إيران للزيارة الدينية (مشهد، قم)", "ڤیزای زیارەتی ئێران (مەشهەد، قوم)"],
    ["Group or individual pilgrimage through the Zurbatiyah or Mandali crossings.", "زيارة جماعية أو فردية عبر منفذي زرباطية أو مندلي.", "زیارەتی بە کۆمەڵ یان تاکەکەسی لە ڕێگەی دەروازەی زورباتیە یان مەندەلییەوە."],
    4_000, 5, 30, "single", true, ["passport", "photo", "nationalId"], FIELDS_BASIC],
  ["IR", "Air", ["Iran tourist visa", "تأشيرة إيران السياحية", "ڤیزای گەشتیاریی ئێران"],
    ["Tehran, Isfahan and Shiraz by air, 30 days' stay.", "طهران وأصفهان وشيراز جواً، إقامة ٣٠ يوماً.", "تاران، ئەسفەهان و شیراز بە ڕێگای ئاسمانی، مانەوەی ٣٠ ڕۆژ."],
    6_000, 5, 30, "single", false, ["passport", "photo", "hotel", "flight"], FIELDS_BASIC],
  ["LB", "Air", ["Lebanon tourist visa", "تأشيرة لبنان السياحية", "ڤیزای گەشتیاریی لوبنان"],
    ["Beirut and the mountains, one month's stay.", "بيروت والجبل، إقامة شهر واحد.", "بەیروت و ناوچە شاخاوییەکان، مانەوەی یەک مانگ."],
    5_000, 4, 30, "single", false, STANDARD_REQS, FIELDS_BASIC],
  ["LB", "Land", ["Lebanon visa by land", "تأشيرة لبنان براً", "ڤیزای لوبنان بە ڕێگای وشکانی"],
    ["Suspended for now: land crossings are closed.", "متوقفة حالياً: المنافذ البرية مغلقة.", "بۆ ئێستا ڕاگیراوە: دەروازە وشکانییەکان داخراون."],
    4_500, 7, 30, "single", false, ["passport", "photo", "nationalId"], FIELDS_BASIC, false],
  ["GE", "Air", ["Georgia e-Visa", "تأشيرة جورجيا الإلكترونية", "ڤیزای ئەلیکترۆنیی جۆرجیا"],
    ["Tbilisi and Batumi, up to 30 days within 120 days.", "تبليسي وباتومي، حتى ٣٠ يوماً خلال ١٢٠ يوماً.", "تبلیسی و باتومی، تا ٣٠ ڕۆژ لە ماوەی ١٢٠ ڕۆژدا."],
    4_500, 5, 90, "single", true, ["passport", "photo", "hotel", "flight", "insurance", "bank"], FIELDS_BASIC],
  ["GE", "Air", ["Georgia business visa", "تأشيرة جورجيا للأعمال", "ڤیزای بازرگانیی جۆرجیا"],
    ["Multiple entries for a year, with an invitation from a Georgian company.", "دخول متعدد لمدة سنة، بدعوة من شركة جورجية.", "چەند جار چوونەژوورەوە بۆ ماوەی ساڵێک، بە بانگهێشتی کۆمپانیایەکی جۆرجی."],
    9_000, 10, 365, "multiple", false, ["passport", "photo", "invitation", "bank", "insurance"], FIELDS_FULL],
  ["DE", "Air", ["Schengen tourist visa (Germany)", "تأشيرة شنغن السياحية (ألمانيا)", "ڤیزای گەشتیاریی شێنگن (ئەڵمانیا)"],
    ["Short stay of up to 90 days in the Schengen area; appointment at the German consulate.", "إقامة قصيرة حتى ٩٠ يوماً في منطقة شنغن؛ موعد في القنصلية الألمانية.", "مانەوەی کورت تا ٩٠ ڕۆژ لە ناوچەی شێنگن؛ کاتی چاوپێکەوتن لە کونسوڵخانەی ئەڵمانیا."],
    18_000, 15, 90, "single", true, ["passport", "photo", "bank", "hotel", "flight", "insurance", "employment", "previousVisas"], FIELDS_FULL],
  ["DE", "Air", ["Schengen business visa (Germany)", "تأشيرة شنغن للأعمال (ألمانيا)", "ڤیزای بازرگانیی شێنگن (ئەڵمانیا)"],
    ["Trade fairs and meetings, multiple entries for up to 180 days.", "المعارض التجارية والاجتماعات، دخول متعدد لمدة تصل إلى ١٨٠ يوماً.", "پێشانگای بازرگانی و کۆبوونەوە، چەند جار چوونەژوورەوە تا ١٨٠ ڕۆژ."],
    22_000, 15, 180, "multiple", false, ["passport", "photo", "invitation", "employment", "bank", "insurance"], FIELDS_FULL],
  ["DE", "Air", ["Germany family visit visa", "تأشيرة زيارة عائلية لألمانيا", "ڤیزای سەردانی خێزانی بۆ ئەڵمانیا"],
    ["Visit relatives living in Germany, with their invitation (Verpflichtungserklärung).", "زيارة الأقارب المقيمين في ألمانيا، مع دعوتهم الرسمية (Verpflichtungserklärung).", "سەردانی خزمانی دانیشتووی ئەڵمانیا، لەگەڵ بانگهێشتنامەی فەرمییان (Verpflichtungserklärung)."],
    18_000, 20, 90, "single", false, ["passport", "photo", "invitation", "insurance", "bank"], FIELDS_FULL],
  ["GB", "Air", ["UK standard visitor visa (6 months)", "تأشيرة الزيارة القياسية للمملكة المتحدة (٦ أشهر)", "ڤیزای سەردانی ئاسایی بۆ بەریتانیا (٦ مانگ)"],
    ["Tourism, family visits or short business trips for up to 6 months.", "سياحة أو زيارات عائلية أو رحلات عمل قصيرة لمدة تصل إلى ٦ أشهر.", "گەشتیاری، سەردانی خێزانی یان گەشتی کورتی بازرگانی تا ٦ مانگ."],
    25_000, 21, 180, "multiple", true, ["passport", "photo", "bank", "employment", "hotel", "previousVisas"], FIELDS_FULL],
  ["GB", "Air", ["UK student visa", "تأشيرة الدراسة في المملكة المتحدة", "ڤیزای خوێندن لە بەریتانیا"],
    ["For a course at a licensed university, with the CAS letter.", "للدراسة في جامعة مرخّصة، مع رسالة القبول (CAS).", "بۆ خوێندن لە زانکۆیەکی مۆڵەتپێدراو، لەگەڵ نامەی وەرگرتن (CAS)."],
    48_000, 30, 365, "multiple", false, ["passport", "photo", "bank", "invitation"], [...FIELDS_FULL, "EducationDegree"]],
  ["MY", "Air", ["Malaysia eVISA", "تأشيرة ماليزيا الإلكترونية", "ڤیزای ئەلیکترۆنیی مالیزیا"],
    ["Kuala Lumpur, Penang and Langkawi, 30 days' stay.", "كوالالمبور وبينانغ ولنكاوي، إقامة ٣٠ يوماً.", "کوالالامپور، پینانگ و لەنکاوی، مانەوەی ٣٠ ڕۆژ."],
    5_500, 3, 90, "single", true, ["passport", "photo", "flight", "hotel"], FIELDS_BASIC],
  ["MY", "Air", ["Malaysia business visa", "تأشيرة ماليزيا للأعمال", "ڤیزای بازرگانیی مالیزیا"],
    ["Multiple entries for a year for company visits and conferences.", "دخول متعدد لمدة سنة لزيارات الشركات والمؤتمرات.", "چەند جار چوونەژوورەوە بۆ ماوەی ساڵێک بۆ سەردانی کۆمپانیا و کۆنفرانس."],
    12_000, 10, 365, "multiple", false, ["passport", "photo", "invitation", "employment"], FIELDS_FULL],
  ["SA", "Air", ["Saudi Umrah visa", "تأشيرة العمرة", "ڤیزای عومرە"],
    ["Umrah in Mecca and a visit to Medina, with insurance included in the fee.", "أداء العمرة في مكة وزيارة المدينة المنورة، مع التأمين ضمن الرسوم.", "ئەنجامدانی عومرە لە مەککە و سەردانی مەدینە، بیمە لەناو کرێکەدایە."],
    15_000, 5, 90, "single", true, ["passport", "photo", "nationalId", "insurance"], FIELDS_BASIC],
  ["SA", "Air", ["Saudi tourist e-Visa", "تأشيرة السعودية السياحية الإلكترونية", "ڤیزای ئەلیکترۆنیی گەشتیاریی سعوودیە"],
    ["One year, multiple entries, up to 90 days per visit.", "سنة واحدة، دخول متعدد، حتى ٩٠ يوماً في كل زيارة.", "یەک ساڵ، چەند جار چوونەژوورەوە، تا ٩٠ ڕۆژ بۆ هەر سەردانێک."],
    14_000, 3, 365, "multiple", false, ["passport", "photo", "hotel", "insurance"], FIELDS_BASIC],
  ["QA", "Air", ["Qatar tourist visa", "تأشيرة قطر السياحية", "ڤیزای گەشتیاریی قەتەر"],
    ["Doha, 30 days' stay (country not offered at the moment).", "الدوحة، إقامة ٣٠ يوماً (البلد غير متاح حالياً).", "دەوحە، مانەوەی ٣٠ ڕۆژ (وڵاتەکە لە ئێستادا بەردەست نییە)."],
    10_000, 5, 30, "single", false, ["passport", "photo", "hotel"], FIELDS_BASIC],
].map(([code, travelMode, title, description, price, processingDays, validityDays, entries, featured, reqs, fields, enabled = true], i) => ({
  id: fixed("3", i + 1), code, countryId: country[code].id, travelMode, title, description, price, processingDays, validityDays, entries, featured,
  reqs, fields, enabled,
}));
const visaId = (titleEn) => VISAS.find((v) => v.title[0] === titleEn).id;

// Rich content, from one template per language (sanitized by the API when shown).
/** Arabic and Kurdish pages write numbers in Arabic-Indic digits (issue 26): the content written for them too. */
const kuDigits = (n) => String(n).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[d]);
/** Arabic counted noun: 3–10 take the plural, 11 and more the singular. */
const arWorkingDays = (n) => (n >= 3 && n <= 10 ? `${kuDigits(n)} أيام عمل` : `${kuDigits(n)} يوم عمل`);
function content(visa) {
  const names = (lang) => visa.reqs.map((r) => `<li>${REQUIREMENTS[r][2][lang]}</li>`).join("");
  const en = `<h2>About this visa</h2><p>${visa.description[0]}</p><h3>What to prepare</h3><ul>${names(0)}</ul>`
    + `<h3>Good to know</h3><p>Processing takes about <strong>${visa.processingDays} working days</strong>. The visa is valid for ${visa.validityDays} days from issue`
    + ` (${visa.entries === "multiple" ? "multiple entries" : "single entry"}). Upload clear scans: blurred documents are the most common reason for a correction request.</p>`;
  const ar = `<h2>عن هذه التأشيرة</h2><p>${visa.description[1]}</p><h3>ما يجب تحضيره</h3><ul>${names(1)}</ul>`
    + `<h3>معلومات مفيدة</h3><p>تستغرق المعاملة نحو <strong>${arWorkingDays(visa.processingDays)}</strong>. التأشيرة صالحة لمدة ${kuDigits(visa.validityDays)} يوماً من تاريخ الإصدار`
    + ` (${visa.entries === "multiple" ? "دخول متعدد" : "دخول واحد"}). ارفع نسخاً واضحة: المستندات غير الواضحة هي السبب الأكثر شيوعاً لطلب التصحيح.</p>`;
  const ku = `<h2>دەربارەی ئەم ڤیزایە</h2><p>${visa.description[2]}</p><h3>چی ئامادە بکەیت</h3><ul>${names(2)}</ul>`
    + `<h3>باشە بیزانیت</h3><p>کارەکە نزیکەی <strong>${kuDigits(visa.processingDays)} ڕۆژی کار</strong> دەخایەنێت. ڤیزاکە لە ڕۆژی دەرچوونەوە بۆ ${kuDigits(visa.validityDays)} ڕۆژ بەکاردێت`
    + ` (${visa.entries === "multiple" ? "چەند جار چوونەژوورەوە" : "یەک جار چوونەژوورەوە"}). سکانی ڕوون بار بکە: بەڵگەنامەی ناڕوون زۆرترین هۆکاری داواکردنی ڕاستکردنەوەیە.</p>`;
  return [en, ar, ku];
}

// DESIGN §5 demo: Gold pays less for some visas; the 5-year UAE visa is hidden from Standard.
const GOLD_PRICES = [
  ["Turkey tourist e-Visa", 7_900], ["UAE 30-day tourist visa", 11_000], ["Georgia e-Visa", 4_000],
  ["Schengen tourist visa (Germany)", 16_500], ["UK standard visitor visa (6 months)", 23_500], ["Malaysia eVISA", 5_000],
  ["UAE 5-year multiple-entry tourist visa", 60_000],
];
const HIDDEN_FROM_STANDARD = ["UAE 5-year multiple-entry tourist visa"];

// ── Theme ────────────────────────────────────────────────────────────────────────────────────────
const THEME_ID = "0193a000-0000-7000-8000-00000000f001";
const LOGO_KEY = "theme/0193a000-0000-7000-8000-00000000f101.png";
const BANNERS = [
  { id: fixed("f", 201), key: "theme/0193a000-0000-7000-8000-00000000f201.png", link: "/visa/",
    title: ["Every visa your travellers need, in one place", "كل التأشيرات التي يحتاجها مسافروك في مكان واحد", "هەموو ئەو ڤیزایانەی گەشتیارەکانت پێویستیانە، لە یەک شوێندا"] },
  { id: fixed("f", 202), key: "theme/0193a000-0000-7000-8000-00000000f202.png", link: "/featured/",
    title: ["Schengen and UK visas: book the appointment early", "تأشيرات شنغن والمملكة المتحدة: احجز الموعد مبكراً", "ڤیزای شێنگن و بەریتانیا: زوو کاتی چاوپێکەوتن حجز بکە"] },
  { id: fixed("f", 203), key: "theme/0193a000-0000-7000-8000-00000000f203.png", link: "/visa/available-visa/",
    title: ["By land or by air: search by destination", "براً أو جواً: ابحث حسب الوجهة", "بە وشکانی یان ئاسمانی: بەپێی شوێنی مەبەست بگەڕێ"] },
];
/**
 * The banners' phone copies, as an admin's browser makes them at upload (made once by scripts/make-phone-banners.mjs and
 * kept in phone-banners/): the home page's largest picture on a phone.
 */
export const PHONE_BANNERS = BANNERS.map((b, index) => ({
  of: b.key, file: `${index + 1}.webp`, key: b.key.replace(/2(\d\d)\.png$/, "3$1.webp"), banner: b.id,
}));
const THEME_COLOURS = {
  light: { primary: "#d4a017", accent: "#1d4ed8", background: "#f8f7f4", surface: "#ffffff", text: "#1c1917" },
  dark: { primary: "#f2c14e", accent: "#60a5fa", background: "#121110", surface: "#1c1b19", text: "#f5f5f4" },
};
/** A second theme, not active: the office has a choice on /admin/theme (and tests edit a theme the site does not wear). */
const SPARE_THEME = {
  id: fixed("f", 2), name: "Visa Hub blue",
  light: { primary: "#2563eb", accent: "#0d9488", background: "#f5f7fb", surface: "#ffffff", text: "#0f172a" },
  dark: { primary: "#60a5fa", accent: "#2dd4bf", background: "#0b1220", surface: "#111a2e", text: "#e2e8f0" },
};

export function statements() {
  const out = [];
  for (const c of COUNTRIES) {
    out.push(sql`INSERT OR IGNORE INTO countries (id, code, name_en, name_ar, name_ku, enabled, created_at, updated_at)
      VALUES (${c.id}, ${c.code}, ${c.en}, ${c.ar}, ${c.ku}, ${c.enabled}, ${AT}, ${AT})`);
  }
  for (const [name, [kind, required, title, description]] of Object.entries(REQUIREMENTS)) {
    out.push(sql`INSERT OR IGNORE INTO visa_requirements (id, name_en, name_ar, name_ku, description_en, description_ar, description_ku, kind, required, created_at, updated_at)
      VALUES (${requirementIds[name]}, ${title[0]}, ${title[1]}, ${title[2]}, ${description[0]}, ${description[1]}, ${description[2]}, ${kind}, ${required}, ${AT}, ${AT})`);
  }
  VISAS.forEach((v, i) => {
    const [en, ar, ku] = content(v);
    // Spread over time so "latest" has a meaningful order.
    const created = at(i * 37);
    out.push(sql`INSERT OR IGNORE INTO visas (id, country_id, title_en, title_ar, title_ku, description_en, description_ar, description_ku,
        content_en, content_ar, content_ku, image_key, price, processing_days, validity_days, entries, travel_mode, featured, enabled, fields, created_at, updated_at)
      VALUES (${v.id}, ${v.countryId}, ${v.title[0]}, ${v.title[1]}, ${v.title[2]}, ${v.description[0]}, ${v.description[1]}, ${v.description[2]},
        ${en}, ${ar}, ${ku}, NULL, ${v.price}, ${v.processingDays}, ${v.validityDays}, ${v.entries}, ${v.travelMode}, ${v.featured}, ${v.enabled},
        ${JSON.stringify(v.fields)}, ${created}, ${created})`);
    v.reqs.forEach((r, position) =>
      out.push(sql`INSERT OR IGNORE INTO visa_requirement_links (visa_id, requirement_id, position) VALUES (${v.id}, ${requirementIds[r]}, ${position})`),
    );
  });
  GOLD_PRICES.forEach(([title, price], i) =>
    out.push(sql`INSERT OR IGNORE INTO group_prices (id, group_id, visa_id, price, created_at, updated_at)
      VALUES (${fixed("4", i + 1)}, ${IDS.groupGold}, ${visaId(title)}, ${price}, ${AT}, ${AT})`),
  );
  for (const title of HIDDEN_FROM_STANDARD) {
    out.push(sql`INSERT OR IGNORE INTO visa_hidden_groups (visa_id, group_id) VALUES (${visaId(title)}, ${IDS.groupStandard})`);
  }
  // The demo theme is the active one; a theme made active earlier (e.g. the built-in default) would keep it from
  // loading, so it is only added when no theme exists yet.
  out.push(sql`INSERT OR IGNORE INTO themes (id, name, active, light, dark, logo_key, created_at, updated_at)
    SELECT ${THEME_ID}, ${"Visa Hub gold"}, 1, ${JSON.stringify(THEME_COLOURS.light)}, ${JSON.stringify(THEME_COLOURS.dark)}, ${LOGO_KEY}, ${AT}, ${AT}
    WHERE NOT EXISTS (SELECT 1 FROM themes WHERE active = 1 AND id <> ${THEME_ID})`);
  out.push(sql`INSERT OR IGNORE INTO themes (id, name, active, light, dark, logo_key, created_at, updated_at)
    VALUES (${SPARE_THEME.id}, ${SPARE_THEME.name}, 0, ${JSON.stringify(SPARE_THEME.light)}, ${JSON.stringify(SPARE_THEME.dark)}, NULL, ${AT}, ${AT})`);
  BANNERS.forEach((b, position) =>
    out.push(sql`INSERT OR IGNORE INTO theme_banners (id, theme_id, file_key, position, title_en, title_ar, title_ku, link, created_at)
      SELECT ${b.id}, ${THEME_ID}, ${b.key}, ${position}, ${b.title[0]}, ${b.title[1]}, ${b.title[2]}, ${b.link}, ${AT}
      WHERE EXISTS (SELECT 1 FROM themes WHERE id = ${THEME_ID})`),
  );
  // Each visa its own picture (issue 27: the catalogue's cards all showed one placeholder). Only where none was set,
  // so a picture an admin uploaded stays, and a database seeded before gets them too.
  for (const picture of VISA_PICTURES) {
    out.push(sql`UPDATE visas SET image_key = ${picture.key} WHERE id = ${picture.visa} AND image_key IS NULL`);
  }
  // A database seeded before the copies existed gets them too (INSERT OR IGNORE above leaves its rows alone).
  for (const copy of PHONE_BANNERS) {
    out.push(sql`UPDATE theme_banners SET phone_key = ${copy.key} WHERE id = ${copy.banner} AND file_key = ${copy.of} AND phone_key IS NULL`);
  }
  return out;
}

// ── Images: a small PNG encoder (RGBA, filter "Sub" rows, zlib) and the pictures ──────────────────
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** Encodes width×height RGBA pixels (a function (x, y) → [r, g, b, a]) as a PNG. */
export function encodePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 1; // Sub: each byte minus the byte to its left, which makes smooth gradients compress well.
    let prev = [0, 0, 0, 0];
    for (let x = 0; x < width; x++) {
      const px = pixel(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v))));
      for (let i = 0; i < 4; i++) raw[row + 1 + x * 4 + i] = (px[i] - prev[i] + 256) & 0xff;
      prev = px;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const mixRgb = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
/** Coverage of a soft-edged disc at distance d from its centre (anti-aliased edge). */
const disc = (d, r) => Math.max(0, Math.min(1, r - d + 0.5));
const over = (base, colour, alpha) => mixRgb(base, colour, alpha);

const GOLD = hex("#d4a017");
const AMBER = hex("#f59e0b");
const BLUE = hex("#1d4ed8");
const NAVY = hex("#0b1f4d");
const WHITE = [255, 255, 255];
const W = 960;
const H = 320;

/** Banner 1: sunrise over a horizon, a dashed flight path arcing to the sun. */
function bannerSunrise(x, y) {
  let c = mixRgb(BLUE, AMBER, Math.min(1, y / H + x / W / 3));
  const sun = Math.hypot(x - 760, y - 210);
  c = over(c, hex("#fde68a"), disc(sun, 70) * 0.95);
  c = over(c, WHITE, Math.max(0, 1 - Math.abs(sun - 95) / 25) * 0.18);
  if (y > 250) c = over(c, NAVY, Math.min(1, (y - 250) / 6) * 0.85);
  // Flight path: an arc of dashes.
  const arcY = 260 - Math.sin(((x - 120) / 640) * Math.PI) * 190;
  if (x > 120 && x < 700 && Math.abs(y - arcY) < 2.2 && Math.floor(x / 14) % 2 === 0) c = over(c, WHITE, 0.9);
  return [...c, 255];
}
/** Banner 2: a night sky in blue with gold stars and a passport-like card. */
function bannerPassport(x, y) {
  let c = mixRgb(NAVY, BLUE, x / W);
  const seed = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  if (seed - Math.floor(seed) > 0.9985) c = over(c, hex("#fde68a"), 0.9);
  const inCard = x > 600 && x < 820 && y > 50 && y < 280;
  if (inCard) {
    c = over(c, hex("#7c2d12"), 0.95);
    const emblem = Math.hypot(x - 710, y - 150);
    c = over(c, GOLD, disc(emblem, 46) - disc(emblem, 40) * 0.9);
    if (Math.abs(y - 240) < 3 && x > 650 && x < 770) c = over(c, GOLD, 0.9);
  }
  const shadow = x > 608 && x < 828 && y > 58 && y < 288 && !inCard;
  if (shadow) c = over(c, [0, 0, 0], 0.35);
  return [...c, 255];
}
/** Banner 3: road and sky, land and air: gold diagonal bands over blue. */
function bannerRoutes(x, y) {
  let c = mixRgb(hex("#dbeafe"), BLUE, y / H);
  const band = (x + y * 1.6) % 180;
  if (band < 26) c = over(c, GOLD, 0.85);
  if (band >= 26 && band < 32) c = over(c, WHITE, 0.6);
  // A globe: equator, two parallels and two meridians.
  const globe = Math.hypot(x - 230, y - 160);
  c = over(c, NAVY, disc(globe, 96) * 0.92);
  if (globe < 94) {
    const meridian = Math.abs(Math.hypot((x - 230) * 2.4, y - 160) - 94);
    const parallel = Math.min(Math.abs(y - 160), Math.abs(Math.abs(y - 160) - 48));
    if (meridian < 2.5 || parallel < 1.6 || Math.abs(x - 230) < 1.6) c = over(c, AMBER, 0.9);
  }
  c = over(c, AMBER, Math.max(0, 1 - Math.abs(globe - 96) / 2) * 0.9);
  return [...c, 255];
}
/** Logo: a gold disc with a blue globe, transparent around. */
function logo(x, y) {
  const d = Math.hypot(x - 127.5, y - 127.5);
  const outer = disc(d, 124);
  if (outer === 0) return [0, 0, 0, 0];
  let c = GOLD;
  c = over(c, BLUE, disc(d, 96));
  const inGlobe = d < 96;
  if (inGlobe) {
    const meridian = Math.abs(Math.hypot((x - 127.5) * 2.2, y - 127.5) - 96);
    if (Math.abs(x - 127.5) < 3 || Math.abs(y - 127.5) < 3 || meridian < 3 || Math.abs(d - 60) < 2.5) c = over(c, hex("#fde68a"), 0.95);
  }
  return [...c, outer * 255];
}

/** The logo and the banners' pictures, drawn here. */
export function pictures() {
  return [
    { key: LOGO_KEY, bytes: encodePng(256, 256, logo), contentType: "image/png" },
    { key: BANNERS[0].key, bytes: encodePng(W, H, bannerSunrise), contentType: "image/png" },
    { key: BANNERS[1].key, bytes: encodePng(W, H, bannerPassport), contentType: "image/png" },
    { key: BANNERS[2].key, bytes: encodePng(W, H, bannerRoutes), contentType: "image/png" },
  ];
}

// ── The visas' pictures: one per visa, its country's colours, a road or a flight path by travel mode ─────────
const PW = 480;
const PH = 270;
/** An RGB colour from hue (degrees), saturation and lightness (0–1). */
function hsl(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  return [0, 8, 4].map((n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)))));
}
const hueOf = (code) => [...code].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);

function visaPicture(visa, index) {
  const hue = hueOf(visa.code);
  const sky = [hsl(hue, 0.55, 0.3), hsl((hue + 35) % 360, 0.7, 0.66)];
  const land = hsl((hue + 180) % 360, 0.35, 0.28);
  const sun = { x: 70 + ((index * 67) % 340), y: 60 + ((index * 23) % 60), r: 26 + (index % 4) * 6 };
  const waves = 2 + (index % 5);
  return (x, y) => {
    let c = mixRgb(sky[0], sky[1], y / PH);
    c = over(c, hex("#fde68a"), disc(Math.hypot(x - sun.x, y - sun.y), sun.r) * 0.9);
    // Hills along the horizon, their rhythm different for each visa.
    const horizon = 190 + Math.sin((x / PW) * Math.PI * waves + index) * 14;
    if (y > horizon) c = over(c, land, Math.min(1, (y - horizon) / 3));
    if (visa.travelMode === "Land") {
      // A road to the horizon, with its dashed middle line.
      if (y <= 175) return [...c, 255];
      const half = (y - 175) * 1.3;
      if (Math.abs(x - PW / 2) < half) c = over(c, hex("#44403c"), 0.95);
      if (Math.abs(x - PW / 2) < 2 + (y - 175) / 40 && Math.floor(y / 12) % 2 === 0) c = over(c, WHITE, 0.9);
    } else {
      // A dashed flight path arcing over the picture, and the plane at its end.
      const arcY = 170 - Math.sin((x / PW) * Math.PI) * 120;
      if (Math.abs(y - arcY) < 2 && Math.floor(x / 12) % 2 === 0 && x < 380) c = over(c, WHITE, 0.85);
      const px = x - 395;
      const py = y - (170 - Math.sin((395 / PW) * Math.PI) * 120);
      if (px > -18 && px < 18 && Math.abs(py) < (18 - Math.abs(px)) * 0.45 + (Math.abs(px) < 5 ? 12 : 0)) c = over(c, WHITE, 0.95);
    }
    return [...c, 255];
  };
}

const VISA_PICTURES = VISAS.map((v, i) => ({ visa: v.id, key: `visa/${fixed("e", i + 1)}.png`, pixel: visaPicture(v, i) }));

let cached = null;
/** Files for local R2 (scripts/seed.mjs puts them with the same wrangler arguments as the SQL): pictures and copies. */
export function objects() {
  cached ??= [
    ...pictures(),
    ...VISA_PICTURES.map((p) => ({ key: p.key, bytes: encodePng(PW, PH, p.pixel), contentType: "image/png" })),
    ...PHONE_BANNERS.map((copy) => ({ key: copy.key, bytes: readFileSync(new URL(`./phone-banners/${copy.file}`, import.meta.url)), contentType: "image/webp" })),
  ];
  return cached;
}
