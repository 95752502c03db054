/**
 * A filed group as the agency sees it (issue 28 items 1, 2, 6): its reference, the state mix, every traveller with
 * their own reference (a link to the request's page) and status, kept true live (the office's moves show without a
 * reload: record-changes), the group's cancel (every traveller still Requested, refunded), its list as csv, xlsx or
 * pdf in the page's language, and a printout.
 */
import { useEffect, useState } from "react";
import type { GroupCancelResult, RequestGroup } from "../../contract/request-groups";
import { followRecords } from "../../lib/record-changes";
import type { Locale } from "../../shared/locales";
import { cancelGroup, exportGroup, fetchGroup } from "./api";
import { cancelRequest } from "../requests/api";
import { GroupPanelView } from "./GroupPanelView";

/** The group kept true live, its buttons working: after filing on the visa's page, and on /groups/{id} (GroupPage). */
export default function GroupPanel({ groupId, first, locale, filed = true }: { groupId: string; first: RequestGroup; locale: Locale; filed?: boolean }) {
  const [canceledOne, setCanceledOne] = useState<string | null>(null);
  const [group, setGroup] = useState<RequestGroup>(first);
  const [asking, setAsking] = useState(false);
  const [canceled, setCanceled] = useState<GroupCancelResult | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const reload = () => fetchGroup(groupId).then(setGroup, (error: unknown) => console.debug("group not read again", error));
    // The office's moves of any traveller show as they happen (issue 26's live records).
    return followRecords(["requests"], reload);
  }, [groupId]);

  return (
    <GroupPanelView
      group={group}
      locale={locale}
      filed={filed}
      busy={busy}
      asking={asking}
      canceled={canceled}
      canceledOne={canceledOne}
      onExport={(format) => void exportGroup(groupId, format, locale)}
      onAsk={setAsking}
      onCancelOne={(traveller) => {
        // One traveller alone, as on its own page: refunded once (the office has not started on it).
        setBusy(true);
        void cancelRequest(traveller._id)
          .then(() => fetchGroup(groupId))
          .then((next) => {
            setGroup(next);
            setCanceledOne(traveller.reference);
          })
          .catch((error: unknown) => console.debug("traveller not canceled", error))
          .finally(() => setBusy(false));
      }}
      onConfirmCancel={() => {
        setBusy(true);
        void cancelGroup(groupId)
          .then((result) => {
            setCanceled(result);
            setGroup(result.group);
          })
          .finally(() => {
            setBusy(false);
            setAsking(false);
          });
      }}
    />
  );
}
