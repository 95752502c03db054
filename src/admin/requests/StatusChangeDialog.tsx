/**
 * The status-change dialog of one request: the move being made, a reason (required for DocumentNeeded,
 * CorrectionNeeded and Rejected: the agency reads it) and, for DocumentNeeded, the missing documents picked from the
 * visa's requirements. A 409 shows the API's sentence (it names the moves that are allowed now).
 */
import { useStore } from "@nanostores/react";
import { Alert, Button, Dialog, MultiSelect, TextField } from "../../components/ui";
import { useT } from "../../lib/i18n";
import { messageText, usePageLocale } from "../kit/hooks";
import { localized } from "../kit/resource";
import type { RequestDetail } from "./request-detail.store";
import { needsDocuments, needsReason } from "./request-detail.store";
import { MOVE_LABEL, STATUS_LABEL } from "./status";

export function StatusChangeDialog({ detail }: { detail: RequestDetail }) {
  const t = useT();
  const locale = usePageLocale();
  const change = useStore(detail.$change);
  const requirements = useStore(detail.$requirements);
  const target = change.target;
  const error = (path: string) => messageText(t, change.errors[path]);
  const options = (requirements ?? []).map((r) => ({ value: r._id, label: localized(r.name, locale) }));

  return (
    <Dialog
      open={target !== null}
      onClose={detail.close}
      title={target ? t(MOVE_LABEL[target]) : ""}
      description={target ? t("adminRequests.change.to", { status: t(STATUS_LABEL[target]) }) : undefined}
      size="md"
      testId="status-dialog"
      footer={
        <>
          <Button onClick={detail.close} disabled={change.pending}>
            {t("ui.cancel")}
          </Button>
          <Button variant="primary" type="submit" form="status-change-form" pending={change.pending} data-testid="status-submit">
            {target ? t(MOVE_LABEL[target]) : ""}
          </Button>
        </>
      }
    >
      <form
        id="status-change-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void detail.submit();
        }}
      >
        {change.conflict && (
          <Alert testId="status-conflict">
            <p className="font-semibold">{t("adminRequests.change.conflict")}</p>
            <p>{change.conflict}</p>
          </Alert>
        )}
        {error("status") && <Alert testId="status-error">{error("status")}</Alert>}
        {target && needsDocuments(target) && (
          <MultiSelect
            label={t("adminRequests.change.missingDocuments")}
            value={change.missing}
            onChange={detail.setMissing}
            options={options}
            placeholder={requirements === null ? t("kit.loading") : t("adminRequests.change.pickDocuments")}
            error={error("missingDocuments")}
            testId="missing-documents"
          />
        )}
        {target && (
          <TextField
            label={needsReason(target) ? t("adminRequests.change.reason") : t("adminRequests.change.reasonOptional")}
            hint={needsReason(target) ? t("adminRequests.change.reasonHint") : undefined}
            value={change.reason}
            onValue={detail.setReason}
            rows={4}
            required={needsReason(target)}
            error={error("reason")}
            maxLength={1000}
            testId="status-reason"
          />
        )}
      </form>
    </Dialog>
  );
}
