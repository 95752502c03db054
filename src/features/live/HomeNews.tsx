/**
 * The home page's news list (spec §4): the latest enabled items, newest first, changed live by news messages
 * (live.store.ts applies the list rules). The edge draws the first view (NewsBox.tsx).
 */
import { useStore } from "../../lib/use-store";
import { useEffect } from "react";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import type { NewsItem } from "../../contract/news";
import { fetchNews, markNewsRead } from "./api";
import { $news } from "./live.atoms";
import { NewsBox } from "./NewsBox";

function HomeNewsView({ locale }: { locale: Locale }) {
  const news = useStore($news, { ssr: "initial" });
  useEffect(() => {
    if ($news.get() === null) fetchNews().then((page) => $news.set(page.data), () => $news.set([]));
  }, []);
  const toggleRead = (item: NewsItem) =>
    markNewsRead([item._id], !item.read).then(() => $news.set(($news.get() ?? []).map((entry) => (entry._id === item._id ? { ...entry, read: !item.read } : entry))));
  return <NewsBox news={news} locale={locale} onToggleRead={toggleRead} />;
}

export default withI18n(HomeNewsView);
