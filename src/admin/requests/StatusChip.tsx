/** A request's status as a small chip: its name in words (never colour alone) with a tinted background. */
import type { VisaStatus } from "../../contract/requests";
import { useT } from "../../lib/i18n";
import { STATUS_LABEL, STATUS_TONE, TONE_CLASS } from "./status";

export function StatusChip({ status, testId = "status-chip" }: { status: VisaStatus; testId?: string }) {
  const t = useT();
  const tone = TONE_CLASS[STATUS_TONE[status]];
  return (
    <span className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone.chip}`} data-testid={testId} data-status={status}>
      <span aria-hidden="true" className={`size-2 rounded-full ${tone.dot}`} />
      {t(STATUS_LABEL[status])}
    </span>
  );
}
