/**
 * The home page's banners (the active theme's), without React. The edge draws the carousel into the page
 * (functions/edge/banners.ts: slides, dots, the first picture preloaded), so on the usual path this only wires its
 * controls: no API call, nothing drawn again. Only when the edge could not read the theme does the pre-rendered
 * container (HomeBanners.astro: a skeleton of the final shape, a welcome panel for a theme without banners, the
 * previous/next buttons and the translated labels) get filled here, from the same markup (src/shared/banner-markup.ts).
 *
 * Nothing here is imported statically but that markup (only types): every shared chunk would be one more round trip
 * on a phone's first load. The theme is read with a plain fetch and the session's bearer token; anything beyond that
 * happy path (an expired token to refresh, an error to show) goes through the app's one HTTP client, loaded only then.
 * Digits come pre-rendered in the page's numbering (data-numbers).
 *
 * The carousel: a scroll-snap strip (swipe, keyboard scrolling), previous/next buttons, one button per slide that
 * says which one shows (aria-current); it never moves by itself. Only the visible slide is exposed to assistive
 * technology and to the Tab key.
 */
import type { Theme, ThemeBanner } from "../../contract/catalogue";
import type { ListResponse } from "../../contract/common";
import type { Locale } from "../../shared/locales";
import { bannerLabels, bannerMarkup, dotClass } from "../../shared/banner-markup";

export { bannerHref } from "../../shared/banner-markup";

/** The readable access-token cookie of DESIGN §3 (AUTH_COOKIES.accessToken; a test keeps the two equal). */
export const ACCESS_COOKIE = "auth.accessToken";
const LOCALES: readonly string[] = ["en", "ar", "ku"];

const part = <T extends HTMLElement>(root: HTMLElement, name: string) => root.querySelector<T>(`[data-part="${name}"]`)!;

/** Builds the slides into `root` (the container of HomeBanners.astro) and wires the controls. */
export function renderBanners(root: HTMLElement, banners: readonly ThemeBanner[], locale: Locale): void {
  part(root, "skeleton")?.remove();
  root.removeAttribute("aria-busy");
  if (banners.length === 0) {
    part(root, "welcome").hidden = false;
    root.dataset.state = "empty";
    return;
  }
  const { slides, dots } = bannerMarkup(banners, locale, bannerLabels((name) => root.getAttribute(name)));
  const track = part(root, "track");
  track.innerHTML = slides;
  track.hidden = false;
  if (banners.length > 1) {
    part(root, "dots").innerHTML = dots;
    part(root, "dots").hidden = part(root, "previous").hidden = part(root, "next").hidden = false;
  }
  root.dataset.state = "ready";
  wireCarousel(root);
}

/** Wires a drawn carousel (by the edge or by renderBanners): previous/next, the dots, and which slide shows. */
export function wireCarousel(root: HTMLElement): void {
  const track = part<HTMLDivElement>(root, "track");
  const slides = [...track.querySelectorAll<HTMLElement>('[data-testid="banner"]')];
  const count = slides.length;
  if (count < 2) return;
  const dotButtons = [...part(root, "dots").querySelectorAll<HTMLButtonElement>("button")];

  /** The other slides' pictures (banner-markup.ts leaves them unfetched): once the page has loaded, or when needed. */
  let loaded = false;
  const loadPictures = () => {
    if (loaded) return;
    loaded = true;
    for (const image of track.querySelectorAll<HTMLImageElement>("img[data-src]")) {
      // srcset before src: the browser then picks once (the phone copy on a phone) instead of fetching the picture.
      if (image.dataset.srcset) image.srcset = image.dataset.srcset;
      image.src = image.dataset.src!;
      image.removeAttribute("data-src");
      image.removeAttribute("data-srcset");
    }
  };
  if (document.readyState === "complete") setTimeout(loadPictures, 0);
  else window.addEventListener("load", () => setTimeout(loadPictures, 0), { once: true });

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
      button.firstElementChild!.className = dotClass(i === index);
    });
  };
  /** Scrolls to slide `index` (wrapping around); right-to-left strips scroll towards negative offsets. */
  const show = (index: number) => {
    loadPictures();
    const target = (index + count) % count;
    const sign = getComputedStyle(track).direction === "rtl" ? -1 : 1;
    track.scrollTo({ left: sign * target * track.clientWidth, behavior: "smooth" });
    mark(target);
  };
  dotButtons.forEach((button, index) => button.addEventListener("click", () => show(index)));
  part(root, "previous").addEventListener("click", () => show(current - 1));
  part(root, "next").addEventListener("click", () => show(current + 1));
  const shown = () => Math.round(Math.abs(track.scrollLeft) / Math.max(1, track.clientWidth));
  // A finger on the strip is about to swipe: the next picture is asked for before it comes into view.
  track.addEventListener("pointerdown", loadPictures, { passive: true });
  track.addEventListener("scroll", () => {
    loadPictures();
    mark(shown());
  }, { passive: true });
  // A strip the reader already swiped before this ran keeps its place.
  mark(shown());
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

/** Wires the carousel the edge drew, or loads the active theme's banners into it when the edge could not. */
export async function mountBanners(root: HTMLElement): Promise<void> {
  if (root.dataset.state === "ready") return wireCarousel(root);
  if (root.dataset.state === "empty") return;
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
