// Demo news and events (issue 27: after `npm start` the home page's news and events boxes were empty). News in three
// languages, one carrying a banner picture (a demo theme picture, public like every theme file); office announcements
// to every agency and two messages to Sunrise Travel, as the admin's "events" page writes them (type event.created).
// Fixed ids, INSERT OR IGNORE: loading twice changes nothing, and the browser tests still make what they assert on.
import { IDS } from "./accounts.mjs";
import { sql } from "./lib.mjs";

const fixed = (kind, n) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const day = (d, hour = 9, minute = 0) => new Date(Date.UTC(2026, 10, d, hour, minute)).toISOString();
// The passport banner's phone copy (800 px WebP, 5.9 kB): the size a news column shows. The banner itself is a 960 px PNG
// of 16 kB, and on /news it was the largest paint of a phone's first screen (issue 32).
const BANNER = "/api/files/theme/0193a000-0000-7000-8000-00000000f302.webp";

/** [day, title en/ar/ku, message en/ar/ku (sanitized HTML, as the admin's editor saves it)] */
const NEWS = [
  [3, ["Office hours during the holidays", "ساعات عمل المكتب خلال العطلة", "کاتەکانی کارکردنی ئۆفیس لە ماوەی پشووەکاندا"],
    ["<p>The office is open <strong>9:00–14:00</strong> from 20 to 23 November. Requests filed online are processed as usual.</p>",
      "<p>يعمل المكتب من <strong>٩:٠٠ إلى ١٤:٠٠</strong> من ٢٠ إلى ٢٣ تشرين الثاني. تُعالج الطلبات المقدّمة عبر الموقع كالمعتاد.</p>",
      "<p>ئۆفیس لە ٢٠ تا ٢٣ی تشرینی دووەم لە کاتژمێر <strong>٩:٠٠ تا ١٤:٠٠</strong> کراوەیە. داواکارییە ئۆنلاینەکان وەک هەمیشە ڕادەپەڕێنرێن.</p>"]],
  [6, ["Schengen appointments: new slots in December", "مواعيد شنغن: مواعيد جديدة في كانون الأول", "ژوانەکانی شینگن: کاتی نوێ لە کانوونی یەکەم"],
    ["<p>The German and French consulates opened new appointment slots. File Schengen requests early: slots go fast.</p>",
      "<p>فتحت القنصليتان الألمانية والفرنسية مواعيد جديدة. قدّموا طلبات شنغن مبكرًا فالمواعيد تنفد بسرعة.</p>",
      "<p>کونسوڵخانەکانی ئەڵمانیا و فەرەنسا کاتی نوێی ژوانیان کردەوە. داواکارییەکانی شینگن زوو پێشکەش بکەن، چونکە کاتەکان زوو تەواو دەبن.</p>"]],
  [9, ["Turkey e-Visa fee unchanged for 2027", "رسوم تأشيرة تركيا الإلكترونية دون تغيير لعام ٢٠٢٧", "کرێی ڤیزای ئەلیکترۆنیی تورکیا بۆ ٢٠٢٧ ناگۆڕێت"],
    ["<p>The Turkish authorities confirmed that e-Visa fees stay the same next year. Your group prices do not change.</p>",
      "<p>أكدت السلطات التركية أن رسوم التأشيرة الإلكترونية تبقى كما هي العام المقبل، ولن تتغير أسعار مجموعتكم.</p>",
      "<p>دەسەڵاتدارانی تورکیا پشتڕاستیان کردەوە کە کرێی ڤیزای ئەلیکترۆنی ساڵی داهاتوو وەک خۆی دەمێنێتەوە. نرخەکانی گرووپەکەتان ناگۆڕێن.</p>"]],
  [11, ["Scan passports straight from the request form", "امسحوا الجوازات مباشرة من نموذج الطلب", "پاسپۆرت ڕاستەوخۆ لە فۆرمی داواکارییەوە سکان بکەن"],
    [`<p>“Scan passport” now reads the passport's machine-readable lines and fills the form for you. Check the marked fields before sending.</p><img src="${BANNER}" alt="Visa Hub passport reader">`,
      `<p>يقرأ زر «مسح الجواز» الآن السطور المقروءة آليًا في الجواز ويملأ النموذج عنكم. راجعوا الحقول المعلّمة قبل الإرسال.</p><img src="${BANNER}" alt="قارئ الجوازات في Visa Hub">`,
      `<p>دوگمەی «سکانکردنی پاسپۆرت» ئێستا هێڵە ئامێرخوێنەکانی پاسپۆرت دەخوێنێتەوە و فۆرمەکە بۆتان پڕ دەکاتەوە. پێش ناردن خانە نیشانکراوەکان بپشکنن.</p><img src="${BANNER}" alt="خوێنەری پاسپۆرتی Visa Hub">`]],
  [13, ["Umrah season: documents to prepare", "موسم العمرة: المستندات المطلوبة", "وەرزی عومرە: ئەو بەڵگەنامانەی پێویستن"],
    ["<ul><li>Passport valid for six months</li><li>National ID card</li><li>Insurance (included in the fee)</li></ul>",
      "<ul><li>جواز سفر صالح لستة أشهر</li><li>البطاقة الوطنية</li><li>التأمين (ضمن الرسوم)</li></ul>",
      "<ul><li>پاسپۆرتی بە کار بۆ شەش مانگ</li><li>کارتی نیشتمانی</li><li>بیمە (لەناو کرێکەدایە)</li></ul>"]],
];

/** [audience, day, title en/ar/ku, body en/ar/ku] */
const EVENTS = [
  ["agents", 4, ["Welcome to Visa Hub", "مرحبًا بكم في Visa Hub", "بەخێربێن بۆ Visa Hub"],
    ["File, pay and follow every request here; you are told at once when its status changes.", "قدّموا كل طلب وادفعوا رسومه وتابعوه من هنا، وستُبلَّغون فور تغيّر حالته.", "لێرە هەموو داواکارییەک پێشکەش بکەن، پارەکەی بدەن و بەدواداچوونی بۆ بکەن؛ هەر کە دۆخەکەی گۆڕا ئاگادار دەکرێنەوە."]],
  ["agents", 8, ["Training session on Thursday", "جلسة تدريبية يوم الخميس", "خولی ڕاهێنان لە ڕۆژی پێنجشەممە"],
    ["A short online session on the passport reader and bulk requests, Thursday at 11:00.", "جلسة قصيرة عبر الإنترنت عن قارئ الجوازات والطلبات الجماعية، يوم الخميس الساعة ١١:٠٠.", "خولێکی کورتی ئۆنلاین دەربارەی خوێنەری پاسپۆرت و داواکارییە بە کۆمەڵەکان، پێنجشەممە کاتژمێر ١١:٠٠."]],
  ["agents", 12, ["Iran land crossings reopened", "إعادة فتح المنافذ البرية مع إيران", "دەروازە وشکانییەکانی ئێران کرانەوە"],
    ["Zurbatiyah and Mandali are open again for pilgrimage visas.", "عادت زرباطية ومندلي للعمل لتأشيرات الزيارة الدينية.", "زورباتیە و مەندەلی دووبارە بۆ ڤیزای زیارەت کرانەوە."]],
  ["agency", 10, ["Your Gold prices are active", "أسعار المجموعة الذهبية مفعّلة لديكم", "نرخەکانی گرووپی زێڕین بۆتان چالاک کران"],
    ["Sunrise Travel now files at Gold group prices.", "تقدّم Sunrise Travel طلباتها الآن بأسعار المجموعة الذهبية.", "Sunrise Travel ئێستا بە نرخەکانی گرووپی زێڕین داواکاری پێشکەش دەکات."]],
  ["agency", 13, ["Bank transfer received", "تم استلام الحوالة المصرفية", "حەواڵە بانکییەکە وەرگیرا"],
    ["Thank you: your deposit is on your balance.", "شكرًا لكم، أُضيف مبلغ الإيداع إلى رصيدكم.", "سوپاس، بڕی پارە دانراوەکە خرایە سەر باڵانسەکەتان."]],
];

export function statements() {
  const out = [];
  NEWS.forEach(([d, title, message], i) => {
    const at = day(d, 10);
    out.push(sql`INSERT OR IGNORE INTO news (id, title_en, title_ar, title_ku, message_en, message_ar, message_ku, enabled, created_by, created_at, updated_at)
      VALUES (${fixed("a", i + 1)}, ${title[0]}, ${title[1]}, ${title[2]}, ${message[0]}, ${message[1]}, ${message[2]}, 1, ${IDS.admin}, ${at}, ${at})`);
  });
  EVENTS.forEach(([audience, d, title, body], i) => {
    const at = day(d, 12);
    const agent = audience === "agency" ? IDS.sunrise : null;
    out.push(sql`INSERT OR IGNORE INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
      VALUES (${fixed("b", i + 1)}, ${audience}, ${agent}, 'event.created', ${title[0]}, ${title[1]}, ${title[2]}, ${body[0]}, ${body[1]}, ${body[2]}, '{}', NULL, 0, ${IDS.admin}, ${at}, ${at})`);
  });
  return out;
}
