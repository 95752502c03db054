/** The agency's group pages (issue 28 item 3): /groups, a group (/groups/{id}) and its print layout (/groups/{id}/print). */
import type { RequestGroup, RequestGroupListResponse } from "../../../src/contract/request-groups";
import { GroupsListView, groupsListPath } from "../../../src/features/groups/GroupsListView";
import { GroupPanelView } from "../../../src/features/groups/GroupPanelView";
import { GroupPrintView } from "../../../src/features/groups/GroupPrintView";
import type { EdgeView, ViewRegistry } from "./view";

const views: Record<string, EdgeView> = {
  "groups-list": {
    calls: [groupsListPath(1)],
    messages: ["groups", "requests", "common"],
    render: ([list], { locale }) => <GroupsListView locale={locale} list={list as RequestGroupListResponse} />,
  },
  // The group as its panel shows it; its buttons bring the island (GroupPage) when the agent reaches for one.
  "group-details": {
    calls: ["request-groups/:id"],
    messages: ["groups", "requests", "common"],
    render: ([group], { locale }) => <GroupPanelView group={group as RequestGroup} locale={locale} filed={false} />,
  },
  "group-print": {
    calls: ["request-groups/:id"],
    messages: ["groups", "requests", "print", "common"],
    zoned: true,
    render: ([group], { locale, timeZone }) => <GroupPrintView group={group as RequestGroup} locale={locale} timeZone={timeZone} />,
  },
};

const routes: Record<string, readonly string[]> = {
  groups: ["groups-list"],
  "group-details": ["group-details"],
  "group-print": ["group-print"],
};

export const groupsViews: ViewRegistry = { views, routes };
