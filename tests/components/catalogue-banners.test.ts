/**
 * The home page's banner carousel (banners.client.ts over the markup of HomeBanners.astro): slides from the active
 * theme, captions and links in the page language, the first image loaded at once, controls that say which slide
 * shows, and a welcome panel of the same shape when the theme has no banners or cannot be loaded.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as api from "../../src/features/catalogue/api";
import { ACCESS_COOKIE, bannerHref, mountBanners } from "../../src/features/catalogue/banners.client";
import { BANNER_SIZES, bannerMarkup } from "../../src/shared/banner-markup";
import { AUTH_COOKIES } from "../../src/shared/auth-cookies";
import type { Theme, ThemeBanner } from "../../src/contract/catalogue";

// vitest runs from the project root (happy-dom gives modules no file: URL).
const ROOT = process.cwd();

vi.mock("../../src/features/catalogue/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/features/catalogue/api")>()),
  fetchActiveTheme: vi.fn(),
}));

/**
 * The container exactly as the build pre-rendered it on the home page (dist/<locale>/index.html, made by `npm run
 * build`, which `npm test` runs first): the test drives the real markup of HomeBanners.astro, not a copy of it.
 */
function container(locale = "ar"): HTMLElement {
  const file = join(ROOT, "dist", locale, "index.html");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the component tests`);
  // Without the page's stylesheets and scripts: only the markup matters here (and happy-dom would try to load them).
  const html = readFileSync(file, "utf8").replace(/<link\b[^>]*>/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
  const page = new DOMParser().parseFromString(html, "text/html");
  const section = page.querySelector<HTMLElement>("[data-home-banners]");
  if (!section) throw new Error(`the home page of ${locale} has no banner carousel`);
  document.body.innerHTML = section.outerHTML;
  return document.querySelector<HTMLElement>("[data-home-banners]")!;
}
/** The slide number n in the page's digits, as the page pre-rendered them. */
const digit = (root: HTMLElement, n: number) => root.dataset.numbers!.split(",")[n - 1]!;

const banner = (key: string, title: string, link?: string): ThemeBanner => ({
  key, url: `/api/theme/${key}.png`, title: title ? { en: title, ar: `${title} (ar)`, ku: `${title} (ku)` } : { en: "", ar: "", ku: "" },
  ...(link ? { link } : {}),
});
const theme = (banners: ThemeBanner[]) => ({ _id: "t", banners }) as unknown as Theme;

beforeEach(() => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  Element.prototype.scrollTo = vi.fn() as unknown as Element["scrollTo"];
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  document.cookie = `${ACCESS_COOKIE}=; Max-Age=0; Path=/`;
  document.body.innerHTML = "";
});

describe("home banners", () => {
  it("shows the theme's banners with captions and links in the page language", async () => {
    vi.mocked(api.fetchActiveTheme).mockResolvedValue(theme([banner("b1", "Summer", "/visa/"), banner("b2", "", "/en/featured/"), banner("b3", "Land")]));
    const root = container();
    await mountBanners(root);
    expect(root.querySelector('[data-part="skeleton"]')).toBeNull();
    expect(root.getAttribute("aria-busy")).toBeNull();
    const slides = [...root.querySelectorAll<HTMLElement>('[data-testid="banner"]')];
    expect(slides).toHaveLength(3);
    expect(slides[0]!.textContent).toBe("Summer (ar)");
    // Numbers in the page's digits, as the page pre-rendered them.
    expect(slides[0]!.getAttribute("aria-label")).toBe(`${digit(root, 1)} من ${digit(root, 3)}`);
    expect(slides[0]!.querySelector("a")!.getAttribute("href")).toBe("/ar/visa/");
    // A link that names its language keeps it; a banner without a link is just its picture.
    expect(slides[1]!.querySelector("a")!.getAttribute("href")).toBe("/en/featured/");
    expect(slides[2]!.querySelector("a")).toBeNull();
    // The first picture is the page's largest element: loaded at once; the others when needed. Sizes are reserved.
    const images = slides.map((slide) => slide.querySelector("img")!);
    expect(images.map((img) => img.getAttribute("loading"))).toEqual(["eager", null, null]);
    expect(images.map((img) => img.getAttribute("data-src"))).toEqual([null, "/api/theme/b2.png", "/api/theme/b3.png"]);
    expect(images[0]!.getAttribute("fetchpriority")).toBe("high");
    expect(images.every((img) => img.getAttribute("width") === "960" && img.getAttribute("height") === "320")).toBe(true);
    // A picture without a caption is named by its position; one with a caption is decoration.
    expect(images[0]!.getAttribute("alt")).toBe("");
    expect(images[1]!.getAttribute("alt")).toBe(`${digit(root, 2)} من ${digit(root, 3)}`);
  });

  it("moves with its buttons, says which slide shows, and hides the others from assistive technology", async () => {
    vi.mocked(api.fetchActiveTheme).mockResolvedValue(theme([banner("b1", "One", "/visa/"), banner("b2", "Two", "/featured/")]));
    const root = container("en");
    await mountBanners(root);
    const next = root.querySelector<HTMLButtonElement>('[data-part="next"]')!;
    const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-part="dots"] button')];
    const slides = [...root.querySelectorAll<HTMLElement>('[data-testid="banner"]')];
    expect(next.hidden).toBe(false);
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual(["Show slide 1", "Show slide 2"]);
    expect(dots[0]!.getAttribute("aria-current")).toBe("true");
    expect(slides[1]!.getAttribute("aria-hidden")).toBe("true");
    expect(slides[1]!.querySelector("a")!.getAttribute("tabindex")).toBe("-1");

    next.click();
    expect(dots[1]!.getAttribute("aria-current")).toBe("true");
    expect(dots[0]!.getAttribute("aria-current")).toBeNull();
    expect(slides[0]!.getAttribute("aria-hidden")).toBe("true");
    expect(slides[1]!.getAttribute("aria-hidden")).toBeNull();
    expect(slides[1]!.querySelector("a")!.hasAttribute("tabindex")).toBe(false);
    // Past the last slide it starts again at the first.
    next.click();
    expect(dots[0]!.getAttribute("aria-current")).toBe("true");
  });

  it("keeps the place with a welcome panel when there are no banners or they cannot be loaded", async () => {
    vi.mocked(api.fetchActiveTheme).mockResolvedValueOnce(null);
    let root = container();
    await mountBanners(root);
    expect(root.querySelector<HTMLElement>('[data-part="welcome"]')!.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>('[data-part="track"]')!.hidden).toBe(true);

    vi.mocked(api.fetchActiveTheme).mockRejectedValueOnce(new Error("offline"));
    root = container();
    await mountBanners(root);
    expect(root.dataset.state).toBe("empty");
    expect(root.querySelector<HTMLElement>('[data-part="welcome"]')!.hidden).toBe(false);
  });

  it("never shows controls for a single banner", async () => {
    vi.mocked(api.fetchActiveTheme).mockResolvedValue(theme([banner("b1", "Only")]));
    const root = container();
    await mountBanners(root);
    expect(root.querySelector<HTMLButtonElement>('[data-part="next"]')!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('[data-part="dots"]')!.hidden).toBe(true);
  });

  it("asks for the theme at once with the session's bearer token, without loading the app's HTTP client", async () => {
    expect(ACCESS_COOKIE).toBe(AUTH_COOKIES.accessToken);
    document.cookie = `${ACCESS_COOKIE}=token-123; Path=/`;
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: [theme([banner("b1", "Fast")])], total: 1, page: 1, limit: 20 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const root = container("en");
    await mountBanners(root);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/theme/all?active=true");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer token-123");
    expect(vi.mocked(api.fetchActiveTheme)).not.toHaveBeenCalled();
    expect(root.querySelector('[data-testid="banner"]')!.textContent).toBe("Fast");
  });

  it("leaves an expired session to the app's HTTP client, which refreshes it", async () => {
    document.cookie = `${ACCESS_COOKIE}=expired; Path=/`;
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ statusCode: 401, message: "Agent session expired" }), { status: 401 })));
    vi.mocked(api.fetchActiveTheme).mockResolvedValue(theme([banner("b1", "After refresh")]));
    const root = container("en");
    await mountBanners(root);
    expect(vi.mocked(api.fetchActiveTheme)).toHaveBeenCalledOnce();
    expect(root.querySelector('[data-testid="banner"]')!.textContent).toBe("After refresh");
  });

  it("wires the carousel the edge drew without asking the API again, and fetches the other pictures once the page has loaded", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    document.cookie = `${ACCESS_COOKIE}=token-123; Path=/`;
    const root = container("en");
    // As functions/edge/banners.ts leaves it (the worker tests check the edge's output itself).
    // The second banner has a phone copy (its slide keeps the pair for later), the others do not.
    const banners = [banner("b1", "One"), { ...banner("b2", "Two"), phoneUrl: "/api/theme/b2-phone.webp" }, banner("b3", "")];
    const { slides, dots } = bannerMarkup(banners, "en", { slide: "{{n}} of {{total}}", slideRole: "slide", goTo: "Show slide {{n}}", numbers: ["1", "2", "3"] });
    root.querySelector('[data-part="skeleton"]')!.remove();
    root.removeAttribute("aria-busy");
    root.dataset.state = "ready";
    for (const name of ["track", "dots", "previous", "next"]) root.querySelector<HTMLElement>(`[data-part="${name}"]`)!.hidden = false;
    root.querySelector('[data-part="track"]')!.innerHTML = slides;
    root.querySelector('[data-part="dots"]')!.innerHTML = dots;
    const images = () => [...root.querySelectorAll<HTMLImageElement>('[data-testid="banner"] img')];
    expect(images().map((img) => img.getAttribute("src"))).toEqual(["/api/theme/b1.png", null, null]);

    await mountBanners(root);
    expect(fetch).not.toHaveBeenCalled();
    expect(vi.mocked(api.fetchActiveTheme)).not.toHaveBeenCalled();
    expect(root.querySelectorAll('[data-testid="banner"]')).toHaveLength(3);
    // The strip's other pictures come after the page's own load (happy-dom's document is complete already).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(images().map((img) => img.getAttribute("src"))).toEqual(["/api/theme/b1.png", "/api/theme/b2.png", "/api/theme/b3.png"]);
    expect(images().some((img) => img.hasAttribute("data-src") || img.hasAttribute("data-srcset"))).toBe(false);
    // The banner with a phone copy offers both, so a phone fetches the copy.
    expect(images().map((img) => img.getAttribute("srcset"))).toEqual([null, "/api/theme/b2-phone.webp 800w, /api/theme/b2.png 960w", null]);
    expect(images()[1]!.getAttribute("sizes")).toBe(BANNER_SIZES);

    // The controls work on the drawn slides.
    root.querySelector<HTMLButtonElement>('[data-part="previous"]')!.click();
    const dotButtons = [...root.querySelectorAll<HTMLButtonElement>('[data-part="dots"] button')];
    expect(dotButtons[2]!.getAttribute("aria-current")).toBe("true");
    expect(root.querySelectorAll<HTMLElement>('[data-testid="banner"]')[2]!.getAttribute("aria-hidden")).toBeNull();
    expect(root.querySelectorAll<HTMLElement>('[data-testid="banner"]')[0]!.getAttribute("aria-hidden")).toBe("true");
  });

  it("leaves the welcome panel the edge showed for a theme without banners", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const root = container("en");
    root.querySelector('[data-part="skeleton"]')!.remove();
    root.dataset.state = "empty";
    root.querySelector<HTMLElement>('[data-part="welcome"]')!.hidden = false;
    await mountBanners(root);
    expect(fetch).not.toHaveBeenCalled();
    expect(vi.mocked(api.fetchActiveTheme)).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLElement>('[data-part="welcome"]')!.hidden).toBe(false);
  });

  it("links stay in the page's language unless they name one", () => {
    expect(bannerHref("/visa/available-visa/", "ku")).toBe("/ku/visa/available-visa/");
    expect(bannerHref("/ar/featured/", "ku")).toBe("/ar/featured/");
    expect(bannerHref("/english-guide/", "ar")).toBe("/ar/english-guide/");
  });

  it("an https link is kept as it is; a link that would leave the site another way is no link", () => {
    expect(bannerHref("https://partner.example/offer", "ar")).toBe("https://partner.example/offer");
    for (const link of ["//evil.example/x", "/\\evil.example", "javascript:alert(1)", "http://evil.example/"]) expect(bannerHref(link, "en"), link).toBeNull();
  });
});
