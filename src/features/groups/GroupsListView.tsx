/**
 * The agency's groups as drawn (issue 28 item 3): reference (leading to the group's page), name, visa, travellers,
 * their state mix and the filing date. Props only, so the edge draws /groups (functions/edge/views/groups.tsx).
 */
import type { ReactNode } from "react";
import type { RequestGroupListResponse } from "../../contract/request-groups";
import { VISA_STATUSES } from "../../contract/requests";
import { EmptyState } from "../../components/ui/Feedback";
import { formatDate, formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { STATUS_LABEL } from "../requests/status";

/** The groups of one page (the API's first call: GET request-groups?page=1&limit=20). */
export const GROUPS_PAGE_SIZE = 20;
export const groupsListPath = (page: number) => `request-groups?page=${page}&limit=${GROUPS_PAGE_SIZE}`;

export function GroupsListView({ locale, list, pager }: { locale: Locale; list: RequestGroupListResponse; pager?: ReactNode }) {
  const t = useT();
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
      {pager}
    </div>
  );
}
