/**
 * The home page's banners (the active theme's), without React: they are the largest thing on the page, so they must
 * not wait for React to load and hydrate (Lighthouse LCP on a phone). The pre-rendered container
 * (HomeBanners.astro) holds a skeleton of the final shape, a welcome panel for a theme without banners, the
 * previous/next buttons and the translated labels; this fills in the slides.
 *
 * Nothing here is imported statically (only types): every shared chunk would be one more round trip before the
 * largest picture of the page can even be asked for. The theme is read with a plain fetch and the session's bearer
 * token; anything beyond that happy path (an expired token to refresh, an error to show) goes through the app's one
 * HTTP client, loaded only then. Digits come pre-rendered in the page's numbering (data-numbers).
 *
 * The carousel: a scroll-snap strip (swipe, keyboard scrolling), previous/next buttons, one button per slide that
 * says which one shows (aria-current); it never moves by itself. Only the visible slide is exposed to assistive
 * technology and to the Tab key.
 */
import type { Theme, ThemeBanner } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import { isExternalLink, isSiteLink } from "../../shared/links";
import type { Locale } from "../../shared/locales";

/** The readable access-token cookie of DESIGN §3 (AUTH_COOKIES.accessToken; a test keeps the two equal). */
export const ACCESS_COOKIE = "auth.accessToken";
const LOCALES: readonly string[] = ["en", "ar", "ku"];

/**
 * Where a banner leads: a path of the site (without a language prefix it stays in the page's language) or an https
 * address. Anything else (an older row saved before the rule, `//host`, `/\host`) is no link at all.
 */
export function bannerHref(link: string, locale: Locale): string | null {
  if (!isSiteLink(link)) return null;
  if (isExternalLink(link) || /^\/(en|ar|ku)(\/|$)/.test(link)) return link;
  return `/${locale}${link}`;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, className = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Builds the slides into `root` (the container of HomeBanners.astro) and wires the controls. */
export function renderBanners(root: HTMLElement, banners: readonly ThemeBanner[], locale: Locale): void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-part="${name}"]`)!;
  const track = part<HTMLDivElement>("track");
  const dots = part<HTMLDivElement>("dots");
  const previous = part<HTMLButtonElement>("previous");
  const next = part<HTMLButtonElement>("next");
  part("skeleton").remove();
  root.removeAttribute("aria-busy");
  if (banners.length === 0) {
    part("welcome").hidden = false;
    root.dataset.state = "empty";
    return;
  }
  const count = banners.length;
  // "1,2,3,…" in the page's digits, rendered at build time; plain digits past the list (never: 10 banners at most).
  const numbers = (root.dataset.numbers ?? "").split(",");
  const n = (value: number) => numbers[value - 1] || String(value);
  const slideLabel = (index: number) => fill(root.dataset.labelSlide ?? "{{n}} / {{total}}", { n: n(index + 1), total: n(count) });

  const slides = banners.map((banner, index) => {
    const title = banner.title?.[locale] || banner.title?.en || "";
    // Plain divs, not a list: a slide is a group (role + roledescription), and an <li> with role=group is no list item.
    const slide = element("div", { role: "group", "aria-roledescription": root.dataset.labelSlideRole ?? "slide", "aria-label": slideLabel(index), "data-testid": "banner" }, "relative size-full shrink-0 snap-start");
    const image = element("img", {
      src: banner.url,
      alt: title ? "" : slideLabel(index),
      width: "960",
      height: "320",
      loading: index === 0 ? "eager" : "lazy",
      decoding: index === 0 ? "sync" : "async",
      ...(index === 0 ? { fetchpriority: "high" } : {}),
    }, "size-full object-cover");
    const href = banner.link ? bannerHref(banner.link, locale) : null;
    if (href) {
      // The link's name is the caption (drawn outside the link) or "slide n of m" when there is no caption.
      const link = element("a", { href, "aria-label": title || slideLabel(index), ...(isExternalLink(href) ? { rel: "noopener noreferrer" } : {}) }, "block size-full");
      link.append(image);
      slide.append(link);
    } else slide.append(image);
    if (title) {
      const caption = element("p", {}, "pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent ps-14 pe-14 pb-8 pt-10 text-base font-bold text-white sm:text-lg md:ps-16 md:pe-16 md:text-2xl");
      caption.textContent = title;
      slide.append(caption);
    }
    return slide;
  });
  track.replaceChildren(...slides);
  track.hidden = false;
  root.dataset.state = "ready";
  if (count === 1) return;

  const dotButtons = banners.map((_, index) => {
    const button = element("button", { type: "button", "aria-label": fill(root.dataset.labelGoTo ?? "{{n}}", { n: n(index + 1) }) }, "grid size-6 cursor-pointer place-items-center");
    button.append(element("span", {}, "block size-2.5 rounded-full ring-1 ring-black/30"));
    button.addEventListener("click", () => show(index));
    return button;
  });
  dots.replaceChildren(...dotButtons);
  dots.hidden = previous.hidden = next.hidden = false;

  let current = -1;
  /** Marks slide `index` as the one showing. */
  const mark = (index: number) => {
    if (index === current) return;
    current = index;
    slides.forEach((slide, i) => {
      const link = slide.querySelector("a");
      if (i === index) {
        slide.removeAttribute("aria-hidden");
        link?.removeAttribute("tabindex");
      } else {
        slide.setAttribute("aria-hidden", "true");
        link?.setAttribute("tabindex", "-1");
      }
    });
    dotButtons.forEach((button, i) => {
      if (i === index) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
      button.firstElementChild!.className = `block size-2.5 rounded-full ring-1 ring-black/30 ${i === index ? "bg-white" : "bg-white/50"}`;
    });
  };
  /** Scrolls to slide `index` (wrapping around); right-to-left strips scroll towards negative offsets. */
  const show = (index: number) => {
    const target = (index + count) % count;
    const sign = getComputedStyle(track).direction === "rtl" ? -1 : 1;
    track.scrollTo({ left: sign * target * track.clientWidth, behavior: "smooth" });
    mark(target);
  };
  previous.addEventListener("click", () => show(current - 1));
  next.addEventListener("click", () => show(current + 1));
  track.addEventListener("scroll", () => mark(Math.round(Math.abs(track.scrollLeft) / Math.max(1, track.clientWidth))), { passive: true });
  mark(0);
}

function accessToken(): string | null {
  const entry = document.cookie.split(";").map((part) => part.trim()).find((part) => part.startsWith(`${ACCESS_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(ACCESS_COOKIE.length + 1)) : null;
}

/** GET theme/all?active=true straight away; null when that did not simply work (then the full client takes over). */
async function quickTheme(): Promise<Theme | null | undefined> {
  const token = accessToken();
  if (!token) return undefined;
  try {
    const response = await fetch(`${import.meta.env.PUBLIC_API_BASE ?? "/api"}/theme/all?active=true`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Theme[] | ListResponse<Theme>;
    return (Array.isArray(body) ? body : body.data)[0] ?? null;
  } catch {
    return undefined;
  }
}

/** Loads the active theme's banners into a banner container of the page. */
export async function mountBanners(root: HTMLElement): Promise<void> {
  const locale = (LOCALES.includes(root.dataset.locale ?? "") ? root.dataset.locale : "en") as Locale;
  let theme = await quickTheme();
  if (theme === undefined) {
    try {
      // The app's client refreshes an expired session and shows what went wrong.
      theme = await (await import("./api")).fetchActiveTheme();
    } catch (error) {
      console.debug("banners not loaded", error);
      theme = null;
    }
  }
  renderBanners(root, theme?.banners ?? [], locale);
}
