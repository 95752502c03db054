/**
 * /groups (issue 28 item 3): the island of the agency's groups list — the edge draws the first page (GroupsListView);
 * this takes over when the reader pages on or a traveller of a group changes (record-changes' "requests").
 */
import { useEffect, useState } from "react";
import type { RequestGroupListResponse } from "../../contract/request-groups";
import { Alert, Pagination, Skeleton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";
import type { Locale } from "../../shared/locales";
import { GROUPS_PAGE_SIZE, GroupsListView, groupsListPath } from "./GroupsListView";

function GroupsPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<RequestGroupListResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const load = () =>
      api.get<RequestGroupListResponse>(groupsListPath(page)).then(
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
  const pager = list.total > GROUPS_PAGE_SIZE ? <Pagination page={page} limit={GROUPS_PAGE_SIZE} total={list.total} onPage={setPage} /> : undefined;
  return <GroupsListView locale={locale} list={list} pager={pager} />;
}

export default withI18n(GroupsPage);
