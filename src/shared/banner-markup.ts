/**
 * The home carousel's slides and dots as HTML: one source for the edge, which draws them into the page
 * (functions/edge/banners.ts), and for src/features/catalogue/banners.client.ts, which draws them itself only when
 * the edge could not. Plain strings, no DOM: it runs in the Worker too. Everything that comes from a stored row is escaped; links pass
 * bannerHref (a site path or an https address, nothing else).
 */
import type { ThemeBanner } from "../contract/catalogue";
import { PHONE_BANNER_WIDTH } from "../contract/catalogue-constants";
import { isExternalLink, isSiteLink } from "./links";
import type { Locale } from "./locales";

/** The carousel's translated words, as HomeBanners.astro pre-renders them into the carousel's data-* attributes. */
export interface BannerLabels {
  /** "{{n}} / {{total}}": a slide's name. */
  slide: string;
  /** What a slide is called ("slide"), aria-roledescription. */
  slideRole: string;
  /** "Show slide {{n}}": a dot's name. */
  goTo: string;
  /** 1, 2, 3… in the page's digits. */
  numbers: readonly string[];
}

/**
 * The labels from the carousel's attributes: the edge (HTMLRewriter) and the browser read the same pre-rendered
 * words, so neither carries translations or number formatting of its own.
 */
export function bannerLabels(attribute: (name: string) => string | null | undefined): BannerLabels {
  return {
    slide: attribute("data-label-slide") ?? "{{n}} / {{total}}",
    slideRole: attribute("data-label-slide-role") ?? "slide",
    goTo: attribute("data-label-go-to") ?? "{{n}}",
    numbers: (attribute("data-numbers") ?? "").split(","),
  };
}

/**
 * Where a banner leads: a path of the site (without a language prefix it stays in the page's language) or an https
 * address. Anything else (an older row saved before the rule, `//host`, `/\host`) is no link at all.
 */
export function bannerHref(link: string, locale: Locale): string | null {
  if (!isSiteLink(link)) return null;
  if (isExternalLink(link) || /^\/(en|ar|ku)(\/|$)/.test(link)) return link;
  return `/${locale}${link}`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
const attributes = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escape(value!)}"`)
    .join("");

/**
 * How wide a banner's picture shows (the home page's grid in pages/[lang]/index.astro, breakpoints of spec §9 in
 * global.css): <main> is at most 1920 px with px-4; from lg (1280 px) the carousel takes 2 of 3 columns (gap 1rem);
 * below md (960 px) the slide is 5:2 and the 3:1 picture covers it, so it shows 1.2 times the slide's width.
 */
export const BANNER_SIZES =
  "(min-width: 1920px) 1248px, (min-width: 1280px) calc((100vw - 3rem) * 2 / 3), (min-width: 960px) calc(100vw - 2rem), calc(120vw - 2.4rem)";

/**
 * A banner's picture candidates: its phone-size copy (when the admin's browser made one at upload) and the picture
 * itself, which the slide's width and height attributes take as 960 wide. A phone picks the copy, a wider or denser
 * screen the picture. The edge's preload of the first picture passes the same pair, so it is the one fetched.
 */
export function bannerSources(banner: Pick<ThemeBanner, "url" | "phoneUrl">): { srcset: string; sizes: string } | null {
  return banner.phoneUrl ? { srcset: `${banner.phoneUrl} ${PHONE_BANNER_WIDTH}w, ${banner.url} 960w`, sizes: BANNER_SIZES } : null;
}

/** A dot's inner mark: filled for the slide that shows. */
export const dotClass = (current: boolean) => `block size-2.5 rounded-full ring-1 ring-black/30 ${current ? "bg-white" : "bg-white/50"}`;

/** The slides (the first one showing) and, for more than one, the dots. */
export function bannerMarkup(banners: readonly ThemeBanner[], locale: Locale, labels: BannerLabels): { slides: string; dots: string } {
  const count = banners.length;
  const n = (value: number) => labels.numbers[value - 1] || String(value);
  const slideLabel = (index: number) => fill(labels.slide, { n: n(index + 1), total: n(count) });
  const slides = banners.map((banner, index) => {
    const first = index === 0;
    const title = banner.title?.[locale] || banner.title?.en || "";
    // Only the first picture is fetched with the page. The others wait until the page has loaded (wireCarousel sets
    // their src then, or as soon as the reader moves the strip): a browser fetches a carousel's next pictures early,
    // and on a phone's first load they would share the link with the first one and the stylesheet. Once asked for,
    // they load at once (not loading="lazy"), so the next slide is there when the reader swipes to it.
    const sources = bannerSources(banner);
    const image = `<img${attributes({
      src: first ? banner.url : undefined,
      "data-src": first ? undefined : banner.url,
      srcset: first ? sources?.srcset : undefined,
      "data-srcset": first ? undefined : sources?.srcset,
      sizes: sources?.sizes,
      // A picture with a caption is decoration; one without is named by its place.
      alt: title ? "" : slideLabel(index),
      width: "960",
      height: "320",
      loading: first ? "eager" : undefined,
      decoding: first ? undefined : "async",
      fetchpriority: first ? "high" : undefined,
      class: "size-full object-cover",
    })}>`;
    const href = banner.link ? bannerHref(banner.link, locale) : null;
    // The link's name is the caption (drawn outside the link) or "slide n of m" when there is no caption. Slides other
    // than the one showing are hidden from assistive technology and the Tab key.
    const body = href
      ? `<a${attributes({
          href,
          "aria-label": title || slideLabel(index),
          rel: isExternalLink(href) ? "noopener noreferrer" : undefined,
          tabindex: first ? undefined : "-1",
          class: "block size-full",
        })}>${image}</a>`
      : image;
    const caption = title
      ? `<p class="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent ps-14 pe-14 pb-8 pt-10 text-base font-bold text-white sm:text-lg md:ps-16 md:pe-16 md:text-2xl">${escape(title)}</p>`
      : "";
    // Plain divs, not a list: a slide is a group (role + roledescription), and an <li> with role=group is no list item.
    return `<div${attributes({
      role: "group",
      "aria-roledescription": labels.slideRole,
      "aria-label": slideLabel(index),
      "aria-hidden": first ? undefined : "true",
      "data-testid": "banner",
      class: "relative size-full shrink-0 snap-start",
    })}>${body}${caption}</div>`;
  });
  const dots =
    count > 1
      ? banners
          .map(
            (_, index) =>
              `<button${attributes({
                type: "button",
                "aria-label": fill(labels.goTo, { n: n(index + 1) }),
                "aria-current": index === 0 ? "true" : undefined,
                class: "grid size-6 cursor-pointer place-items-center",
              })}><span class="${dotClass(index === 0)}"></span></button>`,
          )
          .join("")
      : "";
  return { slides: slides.join(""), dots };
}
