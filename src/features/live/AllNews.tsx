/** /news (issue 27): every news item of the feed, ten a page, searchable, read and unread, in the page's language. */
import { withI18n } from "../../components/with-i18n";
import { formatDate } from "../../components/ui";
import type { ListResponse } from "../../contract/common";
import type { NewsItem } from "../../contract/news";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FEED_PAGE_SIZE, FeedPage, ReadToggle, type FeedQuery } from "./FeedPage";
import { NEWS_BODY_CLASS } from "./NewsBox";

const loadNews = ({ page, search, filter }: FeedQuery) =>
  api.get<ListResponse<NewsItem>>("news-feed", {
    query: { page, limit: FEED_PAGE_SIZE, ...(search && { search }), ...(filter && { read: filter === "read" ? "true" : "false" }) },
  });
const mark = (ids: string[] | undefined, read = true) => api.post("news-feed/mark-read", { ...(ids && { ids }), read });

function AllNews({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <FeedPage<NewsItem>
      name="news"
      load={loadNews}
      markAll={() => mark(undefined)}
      searchLabel="feed.searchNews"
      emptyLabel="feed.noNews"
      renderItem={(item, reload) => (
        <article className="flex flex-col gap-1" data-testid="all-news-item" data-read={item.read ? "true" : "false"}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className={`text-lg ${item.read ? "font-medium" : "font-bold"}`}>
              {!item.read && <span className="me-2 inline-block size-2 rounded-full bg-primary-600 align-middle" aria-hidden="true" />}
              {item.title[locale] || item.title.en}
              {!item.read && <span className="sr-only"> ({t("feed.unread")})</span>}
            </h2>
            <ReadToggle read={Boolean(item.read)} onToggle={() => mark([item._id], !item.read).then(reload)} testId="news-read-toggle" />
          </div>
          <time className="muted text-xs" dateTime={item.createdAt}>{formatDate(item.createdAt, locale, { dateStyle: "medium" })}</time>
          <div className={NEWS_BODY_CLASS} dangerouslySetInnerHTML={{ __html: item.message[locale] || item.message.en }} />
        </article>
      )}
    />
  );
}

export default withI18n(AllNews);
