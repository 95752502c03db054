/**
 * The Arabic-script text face in each page's head (Base.astro, issue 32): what the build writes inline, not a module.
 *
 * Vazirmatn is not in the shared stylesheet. A face declared there is fetched as soon as the first layout meets
 * Arabic-script text, at the moment a page's largest picture is fetched too: on a phone's link the two shared it, and
 * the Arabic and Kurdish visa pages painted their picture 167-306 ms after the English one did (one more file before
 * the largest paint: Lighthouse counts it in its estimate). And every byte of the stylesheet is waited for by the first
 * paint: with the faces it took a second round trip of a new connection (more than 14.6 kB with its headers).
 *
 * So, per page:
 * - the local faces sized to Vazirmatn over the page's own language (scripts/fonts.mjs), which the first paint uses,
 *   are a small inline style of Arabic and Kurdish pages only;
 * - Vazirmatn itself (cut to our texts) is added by a small inline script (FontFace API) once the page has loaded, i.e. after its pictures:
 *   the swap moves nothing (tests/e2e/font-swap.spec.ts). Once the browser has had the font, later pages add it at
 *   once, before their first layout, so a reader who moves around sees it from the start (it comes from the cache).
 *   The faces are only declared: each file is fetched when text needs it, as with @font-face (English pages fetch
 *   nothing unless they show Arabic-script text; the whole font only for a character outside the cut).
 */
import { cutRange, weights, fallbackCss } from "../styles/fonts.generated.json";
import cutUrl from "../styles/vazirmatn-ui.generated.woff2?url";
import type { Locale } from "../shared/locales";

/** localStorage: the address of the cut file once the browser has had it (a new build's file is a new address). */
export const FONT_SEEN_KEY = "fonts.vazirmatn";

/** The inline @font-face rules of the local faces a page of `locale` paints in before Vazirmatn ("" in English). */
export function fallbackFaces(locale: Locale): string {
  return (fallbackCss as Partial<Record<Locale, string>>)[locale] ?? "";
}

/**
 * The inline script that declares Vazirmatn cut to our texts: after the load event and the first paint (within 3 s of the load), or at once when it was had before.
 * The face with the whole font, for characters outside the cut, is declared by the layout's script after the first
 * paint (whole-font.ts): its range would have cost every page's HTML ~300 B gzip, and the page's HTML must fit a new
 * connection's first window too (the Kurdish home, 14.8 kB with its headers, did not).
 */
export function fontLoaderScript(locale: Locale): string {
  const face = `new FontFace("Vazirmatn Variable",'url(${cutUrl}) format("woff2-variations")',{weight:${JSON.stringify(weights)},style:"normal",display:"swap",unicodeRange:${JSON.stringify(cutRange)}})`;
  // Arabic and Kurdish pages need the font, so after the load it is fetched first and added once it is in: adding a
  // face that is still loading made Chromium lay the whole page out again twice (on the add, then on the load), and
  // the first of them was a 61 ms task on the Arabic home on this host (~240 ms on Lighthouse's phone). An English
  // page only declares it, so that the file is fetched only if the page shows Arabic-script text.
  // Not before the first paint either: a light page has loaded before it has painted (the Kurdish news at 169 ms, its
  // first paint at 210 on this host), and the font fetched then was one more file before the largest paint.
  const late = locale === "en" ? "document.fonts.add(face);face.loaded.then(seen,()=>{})" : "face.load().then(()=>{document.fonts.add(face);seen()},()=>{})";
  return `(()=>{const key=${JSON.stringify(FONT_SEEN_KEY)},cut=${JSON.stringify(cutUrl)};
const seen=()=>{try{localStorage.setItem(key,cut)}catch{}};
const add=(now)=>{const face=${face};if(now){document.fonts.add(face);face.loaded.then(seen,()=>{})}else{${late}}};
let had=false;try{had=localStorage.getItem(key)===cut}catch{}
const painted=()=>{let done=false;const go=()=>{if(!done){done=true;setTimeout(add)}};setTimeout(go,3000);try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();go()}}).observe({type:"paint",buffered:true})}catch{go()}};
if(had)add(true);else if(document.readyState==="complete")painted();else addEventListener("load",painted,{once:true});})();`;
}
