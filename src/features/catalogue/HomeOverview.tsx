/**
 * The top of the agent's home page: the active theme's banners (an accessible carousel: a scroll-snap strip with
 * previous/next buttons and one button per slide, never moving by itself) and the agency's balance.
 */
import { ChevronLeft, ChevronRight, Globe, Wallet, ArrowRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ThemeBanner } from "../../contract/catalogue";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../lib/locales";
import { formatNumber, formatPrice, localized } from "./format";
import { $balance, $banners } from "./home.store";
import { BONE, BONE_FILL, ErrorPanel, PULSE } from "./ui";
import { useHydratedStore } from "./use-store";

/** Banners keep one shape whatever their image: 5:2 on phones (room for the caption), 3:1 from md (the page never moves). */
const BANNER_BOX = "relative aspect-[5/2] md:aspect-[3/1] overflow-hidden rounded-[var(--radius-card)]";

/** A banner's link is a path of the site; without a language prefix it stays in the page's language. */
export function bannerHref(link: string, locale: Locale): string {
  return /^\/(en|ar|ku)(\/|$)/.test(link) ? link : `/${locale}${link}`;
}

function BannerCarousel({ banners, locale }: { banners: ThemeBanner[]; locale: Locale }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = banners.length;

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => setCurrent(Math.round(Math.abs(element.scrollLeft) / Math.max(1, element.clientWidth)));
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, []);

  const show = (index: number) => {
    const element = track.current;
    if (!element) return;
    const next = (index + count) % count;
    // In right-to-left pages the strip scrolls towards negative offsets.
    const sign = getComputedStyle(element).direction === "rtl" ? -1 : 1;
    element.scrollTo({ left: sign * next * element.clientWidth, behavior: "smooth" });
    setCurrent(next);
  };

  return (
    <section aria-roledescription={t("catalogue.banners.carousel")} aria-label={t("catalogue.banners.label")} className={`card ${BANNER_BOX}`} data-testid="banners">
      <ul ref={track} className="flex size-full snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]">
        {banners.map((banner, index) => {
          const title = localized(banner.title, locale);
          const image = (
            <img
              src={banner.url}
              alt={title ? "" : t("catalogue.banners.slide", { n: formatNumber(index + 1, locale), total: formatNumber(count, locale) })}
              width={960}
              height={320}
              className="size-full object-cover"
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? "sync" : "async"}
            />
          );
          return (
            <li
              key={banner.key}
              className="relative size-full shrink-0 snap-start"
              role="group"
              aria-roledescription={t("catalogue.banners.slideRole")}
              aria-label={t("catalogue.banners.slide", { n: formatNumber(index + 1, locale), total: formatNumber(count, locale) })}
              aria-hidden={index !== current || undefined}
              data-testid="banner"
            >
              {banner.link ? (
                <a href={bannerHref(banner.link, locale)} tabIndex={index === current ? undefined : -1} className="block size-full">
                  {image}
                </a>
              ) : (
                image
              )}
              {title && (
                <p className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-12 pb-8 pt-10 text-base font-bold text-white sm:text-lg md:px-16 md:text-2xl">
                  {title}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {count > 1 && (
        <>
          <button type="button" className="btn-icon absolute start-1.5 top-1/2 -translate-y-1/2 scale-90 bg-[var(--surface)]/85 shadow md:start-3 md:scale-100" onClick={() => show(current - 1)} aria-label={t("catalogue.banners.previous")} data-testid="banner-previous">
            <ChevronLeft size={24} aria-hidden="true" className="flip-rtl" />
          </button>
          <button type="button" className="btn-icon absolute end-1.5 top-1/2 -translate-y-1/2 scale-90 bg-[var(--surface)]/85 shadow md:end-3 md:scale-100" onClick={() => show(current + 1)} aria-label={t("catalogue.banners.next")} data-testid="banner-next">
            <ChevronRight size={24} aria-hidden="true" className="flip-rtl" />
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
            {banners.map((banner, index) => (
              <button
                key={banner.key}
                type="button"
                className="grid size-6 cursor-pointer place-items-center"
                onClick={() => show(index)}
                aria-label={t("catalogue.banners.goTo", { n: formatNumber(index + 1, locale) })}
                aria-current={index === current || undefined}
              >
                <span className={`block size-2.5 rounded-full ${index === current ? "bg-white" : "bg-white/50"} ring-1 ring-black/30`} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function Banners({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const state = useHydratedStore($banners);
  if (state.status === "ready" && state.data.length > 0) return <BannerCarousel banners={state.data} locale={locale} />;
  if (state.status === "loading") return <div className={`${BONE_FILL} ${PULSE} ${BANNER_BOX}`} aria-hidden="true" data-testid="banners-skeleton" />;
  // No banners (or they could not be loaded): a welcome panel of the same shape, so nothing else moves.
  return (
    <section className={`${BANNER_BOX} grid place-items-center bg-gradient-to-br from-primary-400 to-primary-700 p-6 text-center text-white`} data-testid="banners-empty">
      <div className="flex flex-col items-center gap-2">
        <Globe size={40} aria-hidden="true" />
        <p className="text-xl font-bold md:text-2xl">{t("catalogue.welcome.title")}</p>
        <p className="max-w-md text-sm md:text-base">{t("catalogue.welcome.text")}</p>
      </div>
    </section>
  );
}

/** The agency's balance; staff members never see money, so for them the same place offers the visa search. */
function BalanceCard({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const state = useHydratedStore($balance);
  const box = "card flex h-40 flex-col justify-between p-5";
  if (state.status === "loading") {
    return (
      <div className={`${box} ${PULSE}`} aria-busy="true" data-testid="balance-skeleton">
        <div className={`${BONE} h-4 w-24`} />
        <div className={`${BONE} h-9 w-40`} />
        <div className={`${BONE} h-4 w-32`} />
      </div>
    );
  }
  if (state.status !== "ready") return <ErrorPanel className="h-40" onRetry={() => void $balance.reload()} />;
  if (!state.data) {
    return (
      <section className={box} data-testid="find-visa-card">
        <p className="muted flex items-center gap-2 text-sm font-medium">
          <Globe size={24} aria-hidden="true" className="text-primary-600" />
          {t("pages.available-visa.title")}
        </p>
        <p className="text-sm">{t("pages.available-visa.subtitle")}</p>
        <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300" href={`/${locale}/visa/available-visa/`}>
          {t("catalogue.findVisa")}
          <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
        </a>
      </section>
    );
  }
  return (
    <section className={box} aria-labelledby="balance-title" data-testid="balance-card">
      <h2 id="balance-title" className="muted flex items-center gap-2 text-sm font-medium">
        <Wallet size={24} aria-hidden="true" className="text-primary-600" />
        {t("catalogue.balance.title")}
      </h2>
      <p className="text-3xl font-bold tabular-nums">
        <bdi data-testid="balance-amount">{formatPrice(state.data.balance, state.data.currency, locale)}</bdi>
      </p>
      <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300" href={`/${locale}/transactions/`}>
        {t("catalogue.balance.statement")}
        <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
      </a>
    </section>
  );
}

function HomeOverviewView({ locale }: { locale: Locale }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      <Banners locale={locale} />
      <BalanceCard locale={locale} />
    </div>
  );
}

export default withI18n(HomeOverviewView);
