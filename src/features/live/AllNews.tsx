/** /news (issue 27): every news item of the feed, ten a page, searchable, read and unread, in the page's language. */
import { withI18n } from "../../components/with-i18n";
import type { ListResponse } from "../../contract/common";
import type { NewsItem } from "../../contract/news";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { FeedPage } from "./FeedPage";
import { NEWS_FEED, newsListQuery, type FeedQuery } from "./feed-query";
import { NewsFeedItem } from "./FeedItems";
import { markNewsRead } from "./api";

const loadNews = (query: FeedQuery) => api.get<ListResponse<NewsItem>>(NEWS_FEED, { query: newsListQuery(query) });

function AllNews({ locale }: { locale: Locale }) {
  return (
    <FeedPage<NewsItem>
      name="news"
      load={loadNews}
      markAll={() => markNewsRead(undefined)}
      searchLabel="feed.searchNews"
      emptyLabel="feed.noNews"
      renderItem={(item, reload) => <NewsFeedItem item={item} locale={locale} onToggle={() => markNewsRead([item._id], !item.read).then(reload)} />}
    />
  );
}

export default withI18n(AllNews);
