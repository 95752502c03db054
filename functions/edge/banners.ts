/**
 * The home page's banner carousel drawn by the edge from the active theme (services/themes.ts, read at most once a
 * minute): slides, dots and controls in place, the first picture preloaded from <head>. The largest picture of the
 * page (its LCP on a phone) then waits for nothing but itself: no script, no API call. The page's script only wires
 * the controls (src/features/catalogue/banners.client.ts); it draws the carousel itself only when the theme could not
 * be read here (banners null: the pre-rendered skeleton stays).
 */
import type { ThemeBanner } from "../../src/contract/catalogue";
import { bannerLabels, bannerMarkup } from "../../src/shared/banner-markup";
import type { Locale } from "../../src/shared/locales";

export function withBanners(rewriter: HTMLRewriter, banners: readonly ThemeBanner[], locale: Locale): HTMLRewriter {
  const state = banners.length ? "ready" : "empty";
  const controls = banners.length > 1;
  // The words and digits come from the carousel's own attributes (pre-rendered in the page's language), read when the
  // rewriter meets the carousel, before its children.
  let markup = { slides: "", dots: "" };
  const inside = (name: string) => `[data-home-banners] > [data-part="${name}"]`;
  const unhide = { element: (el: Element) => void (controls && el.removeAttribute("hidden")) };
  return rewriter
    .on("[data-home-banners]", {
      element(el) {
        if (state === "ready") markup = bannerMarkup(banners, locale, bannerLabels((name) => el.getAttribute(name)));
        el.removeAttribute("aria-busy");
        el.setAttribute("data-state", state);
      },
    })
    .on(inside("skeleton"), { element: (el) => void el.remove() })
    .on(inside("welcome"), { element: (el) => void (state === "empty" && el.removeAttribute("hidden")) })
    .on(inside("track"), {
      element(el) {
        if (state === "empty") return;
        el.removeAttribute("hidden");
        el.setInnerContent(markup.slides, { html: true });
      },
    })
    .on(inside("dots"), {
      element(el) {
        if (!controls) return;
        el.removeAttribute("hidden");
        el.setInnerContent(markup.dots, { html: true });
      },
    })
    .on(inside("previous"), unhide)
    .on(inside("next"), unhide);
}
