/**
 * A filed group as the agency sees it (issue 28 items 1, 2, 3, 6): its reference, the state mix, every traveller with
 * their own reference (a link to the request's page) and status, cancel one or the group, its list as csv, xlsx or
 * pdf, and the link to its print layout. Props only (no calls), so the edge draws it too (functions/edge/views/groups.tsx).
 */
import type { GroupCancelResult, RequestGroup } from "../../contract/request-groups";
import { VISA_STATUSES, type ExportFormat } from "../../contract/requests";
import { formatNumber } from "../../components/ui/format";
import { Download, Printer } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { StatusChip, Notice } from "../requests/ui";
import { STATUS_LABEL } from "../requests/status";

const EXPORT_LABEL = { csv: "groups.export.csv", xlsx: "groups.export.xlsx", pdf: "groups.export.pdf" } as const;
const localized = (text: { en: string; ar: string; ku: string }, locale: Locale) => text[locale] || text.en;

/**
 * The group as drawn (props only: no calls, no effects), so the edge can draw it into /groups/{id} without React in the
 * browser (issue 28 item 3; the JS budget of agency pages) and GroupPanel can take it over. Without handlers its
 * buttons do nothing yet: the page's island comes when the reader reaches for one (src/lib/edge-views.ts).
 */
export interface GroupPanelViewProps {
  group: RequestGroup;
  locale: Locale;
  /** Just filed on this page: the confirmation shows. */
  filed: boolean;
  busy?: boolean;
  asking?: boolean;
  canceled?: GroupCancelResult | null;
  canceledOne?: string | null;
  onExport?: (format: ExportFormat) => void;
  onCancelOne?: (traveller: { _id: string; reference: string }) => void;
  onAsk?: (asking: boolean) => void;
  onConfirmCancel?: () => void;
}

export function GroupPanelView({ group, locale, filed, busy = false, asking = false, canceled = null, canceledOne = null, onExport, onCancelOne, onAsk, onConfirmCancel }: GroupPanelViewProps) {
  const t = useT();
  const groupId = group._id;
  const open = group.counts.Requested ?? 0;
  const mix = VISA_STATUSES.filter((s) => group.counts[s]);
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="group-panel" data-group={group._id}>
      {filed && (
        <Notice tone="info" testId="group-filed">
          {t("groups.filed", { reference: group.reference, count: formatNumber(group.travellerCount, locale) })}
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-bold">
          <bdi dir="ltr" data-latin data-testid="group-reference">{group.reference}</bdi>
          {group.name && <span className="ms-2 font-normal">{group.name}</span>}
        </p>
        <ul className="flex flex-wrap gap-2" aria-label={t("groups.mix")} data-testid="group-mix">
          {mix.map((status) => (
            <li key={status} className="rounded-full border border-[var(--border)] px-2.5 py-0.5 text-xs" data-status={status}>
              {t(STATUS_LABEL[status])}: <span className="tabular-nums">{formatNumber(group.counts[status] ?? 0, locale)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="max-w-full overflow-x-auto rounded-2xl border border-[var(--border)]" role="region" aria-labelledby="group-list-title" tabIndex={0}>
        <table className="min-w-full text-sm" data-testid="group-travellers">
          <caption id="group-list-title" className="px-3 py-2 text-start font-semibold">{t("groups.travellers", { count: formatNumber(group.travellers.length, locale) })}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.column.reference")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.column.name")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.column.passport")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("groups.column.status")}</th>
              <th scope="col" className="px-3 py-2 text-start"><span className="sr-only">{t("groups.column.actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {group.travellers.map((traveller) => (
              <tr key={traveller._id} className="border-t border-[var(--border)]" data-testid="group-traveller" data-status={traveller.status}>
                <td className="px-3 py-2">
                  <a className="link" href={`/${locale}/requests/${encodeURIComponent(traveller._id)}/`}>
                    <bdi dir="ltr" data-latin>{traveller.reference}</bdi>
                  </a>
                </td>
                <td className="px-3 py-2" dir="auto">{traveller.fields.FullName ?? traveller.fields.FullQuadRupleName ?? ""}</td>
                <td className="px-3 py-2"><bdi dir="ltr" data-latin>{traveller.fields.PassportNumber ?? ""}</bdi></td>
                <td className="px-3 py-2"><StatusChip status={traveller.status} /></td>
                <td className="px-3 py-2 print:hidden">
                  {traveller.status === "Requested" && (
                    <button
                      type="button"
                      className="btn text-error-600"
                      disabled={busy}
                      aria-label={t("groups.cancelOne.label", { reference: traveller.reference })}
                      data-testid="group-cancel-one"
                      onClick={() => onCancelOne?.(traveller)}
                    >
                      {t("groups.cancelOne.button")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        {(["csv", "xlsx", "pdf"] as const).map((format) => (
          <button key={format} type="button" className="btn" onClick={() => onExport?.(format)} data-testid={`group-export-${format}`}>
            <Download size={18} aria-hidden="true" />
            {t(EXPORT_LABEL[format])}
          </button>
        ))}
        {/* The group's print layout (one sheet per group: each traveller's reference and status, in this language). */}
        <a className="btn" href={`/${locale}/groups/${encodeURIComponent(groupId)}/print/`} data-testid="group-print">
          <Printer size={18} aria-hidden="true" />
          {t("groups.print")}
        </a>
        {open > 0 && !asking && (
          <button type="button" className="btn text-error-600" onClick={() => onAsk?.(true)} data-testid="group-cancel">
            {t("groups.cancel.open", { count: formatNumber(open, locale) })}
          </button>
        )}
      </div>
      {asking && (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-error-600 p-4" role="group" aria-label={t("groups.cancel.title")}>
          <p className="text-sm">{t("groups.cancel.text", { count: formatNumber(open, locale) })}</p>
          <button
            type="button"
            className="btn bg-error-600 text-white!"
            disabled={busy}
            onClick={() => onConfirmCancel?.()}
            data-testid="group-cancel-confirm"
          >
            {t("groups.cancel.confirm")}
          </button>
          <button type="button" className="btn" onClick={() => onAsk?.(false)}>{t("groups.cancel.keep")}</button>
        </div>
      )}
      {canceledOne && (
        <Notice tone="info" testId="group-cancel-one-result">
          {t("groups.cancelOne.done", { reference: canceledOne })}
        </Notice>
      )}
      {canceled && (
        <Notice tone={canceled.refused ? "warning" : "info"} testId="group-cancel-result">
          {t("groups.cancel.done", { moved: formatNumber(canceled.moved, locale), refused: formatNumber(canceled.refused, locale) })}
          {canceled.results.filter((r) => !r.ok).map((r) => (
            <span key={r._id} className="block">
              <bdi dir="ltr" data-latin>{r.reference}</bdi>: {r.error?.message}
            </span>
          ))}
        </Notice>
      )}
      <p className="muted text-xs">{localized(group.visa.title, locale)}</p>
    </div>
  );
}

