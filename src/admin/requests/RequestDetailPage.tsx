/**
 * /admin/requests/{id}: one visa request for the admin. The applicant's data, the agency's documents (view and
 * download), the result documents (attach with progress, remove after a question), the status with the moves the
 * record allows, the reason and missing documents the agency was told, and the history. The page is one shell per
 * language: the id is read from the address (DESIGN §2).
 * The edge draws the page (RequestDetailView, src/admin/edge-pages.ts; issue 32); this island takes it over when the
 * admin reaches for a control or the request changes (request.client.ts), or at once when the edge could not draw.
 * The conversation with the agency is a view of its own under this one (admin/requests/[id].astro).
 */
import { useStore } from "@nanostores/react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { RequestDocument } from "../../contract/requests";
import { useT } from "../../lib/i18n";
import { useRouteId } from "../../lib/route-id";
import { usePageLocale } from "../kit/hooks";
import { followRecords, requestTopic } from "../../lib/record-changes";
import { createRequestDetail, type RequestDetail } from "./request-detail.store";
import { DetailSkeleton, RequestDetailView } from "./RequestDetailView";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import { lazyPart, openWith, useOpenedPart } from "../../lib/lazy-part";

const statusChangeDialog = lazyPart(() => import("./StatusChangeDialog").then((m) => m.default));
const StatusChangeDialog = statusChangeDialog.Part;
const ConfirmDialog = confirmDialog.Part;

function RequestDetailPage() {
  const id = useRouteId();
  const detail = useMemo(() => (id ? createRequestDetail(id) : null), [id]);
  useEffect(() => {
    if (!detail) return;
    void detail.load();
    // The agency's re-upload or correction, another admin's move: the page shows the request as it is now (issue 26).
    return followRecords([requestTopic(detail.id)], () => detail.load());
  }, [detail]);
  if (!detail) return <DetailSkeleton />;
  return <Detail detail={detail} />;
}

/** The view wired to the request's store: its moves, the result upload and removal, and their dialogs. */
export function Detail({ detail }: { detail: RequestDetail }) {
  const t = useT();
  const state = useStore(detail.$state);
  const upload = useStore(detail.$upload);
  const removing = useStore(detail.$removing);
  const [asking, setAsking] = useState<RequestDocument | null>(null);
  const dialogs = (
    <>
      <ChangeDialog detail={detail} />
      {asking !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={asking !== null}
            title={t("adminRequests.results.removeTitle")}
            message={t("adminRequests.results.removeMessage", { name: asking.name })}
            confirmLabel={t("adminRequests.results.removeConfirm")}
            pending={removing !== null}
            onConfirm={() => void detail.removeResult(asking._id).finally(() => setAsking(null))}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      )}
    </>
  );
  return (
    <RequestDetailView
      state={state}
      locale={usePageLocale()}
      live={{
        moves: detail.choices(),
        open: (move) => void detail.open(move),
        retry: () => void detail.load(),
        upload,
        uploadResult: (file) => void detail.uploadResult(file),
        askRemove: (doc) => void openWith([confirmDialog], () => setAsking(doc)),
        dialogs,
      }}
    />
  );
}

/** The status dialog's code loads when a move is first chosen. */
function ChangeDialog({ detail }: { detail: RequestDetail }) {
  const change = useStore(detail.$change);
  const wanted = useOpenedPart(statusChangeDialog, Boolean(change.target));
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <StatusChangeDialog detail={detail} />
    </Suspense>
  );
}

export default withI18n(RequestDetailPage);
