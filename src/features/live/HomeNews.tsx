/**
 * The home page's news list (spec §4): the latest enabled items, newest first, changed live by news messages
 * (live.store.ts applies the list rules). The edge draws the first view (NewsBox.tsx).
 */
import { useStore } from "../../lib/use-store";
import { useEffect } from "react";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { fetchNews } from "./api";
import { $news } from "./live.atoms";
import { NewsBox } from "./NewsBox";

function HomeNewsView({ locale }: { locale: Locale }) {
  const news = useStore($news, { ssr: "initial" });
  useEffect(() => {
    if ($news.get() === null) fetchNews().then((page) => $news.set(page.data), () => $news.set([]));
  }, []);
  return <NewsBox news={news} locale={locale} />;
}

export default withI18n(HomeNewsView);
