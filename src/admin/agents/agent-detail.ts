/**
 * /admin/{id}/agent's first calls, apart from its components: the agency (with its staff and credit), the groups it
 * can be moved to, the password resets waiting for the office and the first page of its history. The island
 * (AgentDetailPage, AgentAccess, AgentHistory) and the edge that draws the page (src/admin/edge-pages.ts; issue 32)
 * make the same calls, so the drawn page is what the island shows once it has loaded.
 */
import { callPath } from "../../shared/call-path";
import { GROUPS_CALL, GROUPS_QUERY } from "./agents-list";

/** The history's entries per page ("more" asks for the next). */
export const HISTORY_PAGE = 10;

/** Each call's path for an agency id (already encoded), or for the route's `:id` at the edge. */
export const agentOnePath = (id: string) => `agents/one/${id}`;
export const waitingResetsPath = (id: string) => `agents/password-resets/${id}`;
export const historyPath = (id: string) => `agents/history/${id}`;
export const historyQuery = (page: number) => ({ page, limit: HISTORY_PAGE });

/** The group picker's choices: the same call as the agencies list's group filter. */
export { GROUPS_CALL, GROUPS_QUERY };

/** The edge's calls for the page (`:id` is the route's param), in the order the drawn page reads them. */
export const AGENT_DETAIL_CALLS = {
  record: agentOnePath(":id"),
  more: [callPath(GROUPS_CALL, GROUPS_QUERY), waitingResetsPath(":id"), callPath(historyPath(":id"), historyQuery(1))],
} as const;
