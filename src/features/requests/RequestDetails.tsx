/**
 * /requests/{id}: the request's island (its store wired to RequestDetailsBody, and the cancel dialog). The edge draws
 * the page from the agency's own answer; this comes when the agent reaches for a control, or at once when the edge
 * could not draw (functions/edge/views/requests.tsx).
 */
import { useStore } from "../../lib/use-store";
import { Suspense, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import {
  $canceling, $chosen, canCancel, $correctionErrors, $corrections, $fix, $request, cancelThis, chooseFile, correct, loadRequest, openDocument, sendFix, setSellingPrice,
  unchooseFile,
} from "./details.store";
import { RequestDetailsBody, Skeleton, filedNow, type DetailsActions, type FiledNow } from "./RequestDetailsBody";
import { storedBalance } from "../../lib/session";
import { useShareLink } from "./share-link";
import { useRouteId } from "../../lib/route-id";
import { followRecords, requestTopic } from "../../lib/record-changes";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import { openWith } from "../../lib/lazy-part";

const ConfirmDialog = confirmDialog.Part;

function RequestDetailsView({ locale }: { locale: Locale }) {
  const t = useT();
  const id = useRouteId();
  const state = useStore($request);
  const chosen = useStore($chosen);
  const corrections = useStore($corrections);
  const errors = useStore($correctionErrors);
  const fix = useStore($fix);
  const canceling = useStore($canceling);
  const [asking, setAsking] = useState(false);
  const share = useShareLink(id);
  // Just filed: the confirmation stays while the page is open; the balance is the one the filing form read after paying.
  const [filed] = useState<FiledNow | null>(() => (filedNow(location.search, document) ? { balance: storedBalance() } : null));
  useEffect(() => {
    if (!id) return;
    void loadRequest(id);
    // The office's moves show as they happen: status, reason, the re-upload panel, the moves still allowed (issue 26).
    return followRecords([requestTopic(id)], () => loadRequest(id, { quiet: true }));
  }, [id]);
  if (!id) return <Skeleton key="loading" />;
  const request = state.status === "ready" ? state.data : null;
  const actions: DetailsActions = {
    chooseFile: (requirementId, file) => void chooseFile(requirementId, file),
    unchooseFile,
    correct,
    sendFix: () => void sendFix(),
    openDocument: (document, mode) => void openDocument(document, mode),
    cancel: () => void openWith([confirmDialog], () => setAsking(true)),
  };
  // A question about a cancel the request no longer allows goes away with the button (the office moved it meanwhile).
  const dialog = asking && request && canCancel(request) && (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={asking}
        title={t("requests.cancel.title")}
        message={request.price !== undefined && !request.paid ? t("requests.cancel.refund") : request.paid ? t("requests.cancel.noRefund") : t("requests.cancel.text")}
        confirmLabel={t("requests.cancel.confirm")}
        cancelLabel={t("requests.cancel.keep")}
        pending={canceling === "sending"}
        onCancel={() => setAsking(false)}
        onConfirm={() => void cancelThis().then(() => setAsking(false))}
        testId="cancel-dialog"
      />
    </Suspense>
  );
  return (
    <RequestDetailsBody
      state={state}
      locale={locale}
      live={{ chosen, corrections, errors, fix, actions, dialog, share, sellingPrice: setSellingPrice }}
      onRetry={() => void loadRequest(id)}
      filed={filed}
    />
  );
}

export default withI18n(RequestDetailsView);
