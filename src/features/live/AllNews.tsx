/** /news (issue 27): every news item of the feed, ten a page, searchable, read and unread, in the page's language. */
import { withI18n } from "../../components/with-i18n";
import { formatDate } from "../../components/ui";
import type { ListResponse } from "../../contract/common";
import type { NewsItem } from "../../contract/news";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { FEED_PAGE_SIZE, FeedPage, type FeedQuery } from "./FeedPage";
import { ReadToggle, UnreadMark } from "./ReadMarks";
import { markNewsRead } from "./api";
import { NEWS_BODY_CLASS } from "./NewsBox";

const loadNews = ({ page, search, filter }: FeedQuery) =>
  api.get<ListResponse<NewsItem>>("news-feed", {
    query: { page, limit: FEED_PAGE_SIZE, ...(search && { search }), ...(filter && { read: filter === "read" ? "true" : "false" }) },
  });

function AllNews({ locale }: { locale: Locale }) {
  return (
    <FeedPage<NewsItem>
      name="news"
      load={loadNews}
      markAll={() => markNewsRead(undefined)}
      searchLabel="feed.searchNews"
      emptyLabel="feed.noNews"
      renderItem={(item, reload) => (
        <article className="flex flex-col gap-1" data-testid="all-news-item" data-read={item.read ? "true" : "false"}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className={`text-lg ${item.read ? "font-medium" : "font-bold"}`}>
              <UnreadMark read={Boolean(item.read)} />
              {item.title[locale] || item.title.en}
            </h2>
            <ReadToggle read={Boolean(item.read)} onToggle={() => markNewsRead([item._id], !item.read).then(reload)} testId="news-read-toggle" />
          </div>
          <time className="muted text-xs" dateTime={item.createdAt}>{formatDate(item.createdAt, locale, { dateStyle: "medium" })}</time>
          <div className={NEWS_BODY_CLASS} dangerouslySetInnerHTML={{ __html: item.message[locale] || item.message.en }} />
        </article>
      )}
    />
  );
}

export default withI18n(AllNews);
