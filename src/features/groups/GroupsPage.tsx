/**
 * /groups (issue 28 item 3): the agency's groups, newest first — each with its reference (leading to its page), name,
 * visa, number of travellers and their state mix — paged by the API (GET request-groups). Kept true live: a move of
 * any traveller reloads the list (record-changes' "requests").
 */
import { useEffect, useState } from "react";
import type { RequestGroupListResponse } from "../../contract/request-groups";
import { VISA_STATUSES } from "../../contract/requests";
import { Alert, EmptyState, Pagination, Skeleton, formatDate, formatNumber } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";
import type { Locale } from "../../shared/locales";
import { STATUS_LABEL } from "../requests/status";

const PAGE_SIZE = 20;

function GroupsPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<RequestGroupListResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const load = () =>
      api.get<RequestGroupListResponse>("request-groups", { query: { page, limit: PAGE_SIZE } }).then(
        (answer) => {
          setList(answer);
          setFailed(false);
        },
        () => setFailed(true),
      );
    void load();
    return followRecords(["requests"], load);
  }, [page]);

  if (failed) return <Alert>{t("groups.page.failed")}</Alert>;
  if (!list) return <Skeleton className="h-48 w-full" />;
  if (!list.data.length) return <EmptyState title={t("groups.list.empty")} hint={t("groups.list.emptyHint")} testId="groups-empty" />;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="max-w-full overflow-x-auto rounded-2xl border border-[var(--border)]" role="region" aria-labelledby="groups-title" tabIndex={0}>
        <table className="min-w-full text-sm" data-testid="groups-list">
          <caption id="groups-title" className="px-3 py-2 text-start font-semibold">{t("groups.list.caption", { count: formatNumber(list.total, locale) })}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.column.reference")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.list.visa")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.list.travellers")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.mix")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.list.filed")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((group) => (
              <tr key={group._id} className="border-t border-[var(--border)]" data-testid="groups-row" data-reference={group.reference}>
                <td className="px-3 py-2">
                  <a className="link" href={`/${locale}/groups/${encodeURIComponent(group._id)}/`}>
                    <bdi dir="ltr" data-latin>{group.reference}</bdi>
                  </a>
                  {group.name && <span className="block text-xs" dir="auto">{group.name}</span>}
                </td>
                <td className="px-3 py-2">{group.visa.title[locale] || group.visa.title.en}</td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(group.travellerCount, locale)}</td>
                <td className="px-3 py-2">
                  {VISA_STATUSES.filter((s) => group.counts[s]).map((s) => (
                    <span key={s} className="me-2 inline-block whitespace-nowrap text-xs">
                      {t(STATUS_LABEL[s])}: <span className="tabular-nums">{formatNumber(group.counts[s] ?? 0, locale)}</span>
                    </span>
                  ))}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(group.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.total > PAGE_SIZE && <Pagination page={page} limit={PAGE_SIZE} total={list.total} onPage={setPage} />}
    </div>
  );
}

export default withI18n(GroupsPage);
