/**
 * The home page's news box from its items (null: still loading). Messages are HTML the API sanitized when saving and
 * again when answering. Drawn by the edge (functions/edge/views.tsx) and by HomeNews.tsx. Each item says whether the
 * reader has read it and can be marked, as on /news (issue 27); the edge draws the button without a handler and the
 * box's island takes the press over.
 */
import { Newspaper } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { NewsItem } from "../../contract/news";
import type { Locale } from "../../shared/locales";
import { formatDate } from "../../shared/format";
import { ReadToggle, UnreadMark } from "./ReadMarks";

export const NEWS_BODY_CLASS = "text-sm leading-6 [&_a]:text-accent-600 [&_a]:underline [&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-1 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:ps-6";

/**
 * A message's pictures, loaded lazily: the box sits below the visa rows, never in a phone's first screen, and a
 * picture fetched with the page shared the phone's link with the page's largest paint (issue 32: the home's first
 * visa card). The HTML is the API's sanitizer's output (src/shared/rich-content.ts: parse5 escapes "<" in every text
 * and attribute value), so "<img" only ever starts a tag; the attributes go first, so they win over any it carries.
 */
const lazyPictures = (html: string) => html.replace(/<img\b/gi, '<img loading="lazy" decoding="async"');

/** The box itself, from the items (null: still loading); the edge draws it too, in the reader's time zone. */
export function NewsBox({ news, locale, timeZone, onToggleRead }: {
  news: readonly NewsItem[] | null; locale: Locale; timeZone?: string; onToggleRead?: (item: NewsItem) => Promise<unknown>;
}) {
  const t = useT();
  const date = { format: (value: string | Date) => formatDate(value, locale, { dateStyle: "medium", timeZone }) };
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="home-news-title" data-testid="home-news">
      <h2 id="home-news-title" className="flex items-center gap-2 text-xl font-bold">
        <Newspaper size={24} aria-hidden="true" className="text-primary-600" />
        {t("news.title")}
        <a className="ms-auto text-sm font-medium text-accent-600 underline-offset-4 hover:underline" href={`/${locale}/news/`} data-testid="all-news-link">{t("feed.allNews")}</a>
      </h2>
      {news === null ? (
        <div className="flex flex-col gap-2 animate-pulse" aria-busy="true">
          <div className="h-4 w-2/3 rounded bg-[var(--border)]" />
          <div className="h-4 w-1/2 rounded bg-[var(--border)]" />
        </div>
      ) : news.length === 0 ? (
        <p className="muted text-sm" data-testid="news-empty">{t("news.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--border)]" data-testid="news-list">
          {news.map((item) => (
            <li key={item._id} className="py-2" data-testid="news-item" data-id={item._id} data-read={item.read ? "true" : "false"}>
              <article>
                <div className="flex flex-wrap items-start justify-between gap-x-2">
                  <h3 className={item.read ? "font-medium" : "font-bold"}><UnreadMark read={Boolean(item.read)} /><span data-testid="news-title">{item.title[locale] || item.title.en}</span></h3>
                  <ReadToggle read={Boolean(item.read)} onToggle={onToggleRead && (() => onToggleRead(item))} testId="home-news-read-toggle" />
                </div>
                <time className="muted text-xs" dateTime={item.createdAt}>{date.format(new Date(item.createdAt))}</time>
                <div className={NEWS_BODY_CLASS} dangerouslySetInnerHTML={{ __html: lazyPictures(item.message[locale] || item.message.en) }} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
