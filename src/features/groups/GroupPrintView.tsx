/**
 * The group's print layout as drawn (issue 28 item 6), like a single request's printout: the group's reference, visa,
 * agency, filing date and every traveller's reference, name, passport number and status, in the page's language and
 * digits. Props only, so the edge draws /groups/{id}/print; its print button needs no React (data-print,
 * src/features/requests/print.client.ts).
 */
import type { RequestGroup } from "../../contract/request-groups";
import { formatNumber } from "../../components/ui/format";
import { Printer } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { PRIMARY, StatusChip, dateTime } from "../requests/ui";

const localized = (text: { en: string; ar: string; ku: string }, locale: Locale) => text[locale] || text.en;

export function GroupPrintView({ group, locale, timeZone }: { group: RequestGroup; locale: Locale; timeZone?: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a className="text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/groups/${encodeURIComponent(group._id)}/`}>
          {t("groups.printout.back")}
        </a>
        <button type="button" className={PRIMARY} data-print="" data-testid="print-button">
          <Printer size={20} aria-hidden="true" />
          {t("print.print")}
        </button>
      </div>
      <article className="print-sheet card flex flex-col gap-6 p-8 print:p-0 print:shadow-none" data-testid="group-print-sheet">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-[var(--border)] pb-4">
          <div>
            <p className="muted text-sm">{t("groups.printout.title")}</p>
            <h2 className="text-2xl font-bold">{localized(group.visa.title, locale)}</h2>
            <p className="muted">{localized(group.visa.country.name, locale)}</p>
          </div>
          <div className="text-end">
            <p className="font-mono text-lg font-bold" data-testid="print-reference"><bdi dir="ltr" data-latin>{group.reference}</bdi></p>
            {group.name && <p dir="auto">{group.name}</p>}
          </div>
        </header>
        <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="muted">{t("print.agencyName")}</dt>
          <dd><bdi>{group.agency.name}</bdi></dd>
          <dt className="muted">{t("print.filedBy")}</dt>
          <dd><bdi>{group.filedBy.name}</bdi></dd>
          <dt className="muted">{t("print.filedOn")}</dt>
          <dd>{dateTime(group.createdAt, locale, timeZone)}</dd>
          <dt className="muted">{t("groups.list.travellers")}</dt>
          <dd className="tabular-nums">{formatNumber(group.travellerCount, locale)}</dd>
        </dl>
        <table className="w-full text-sm" data-testid="group-print-travellers">
          <thead>
            <tr className="border-b border-[var(--border)]">
              <th scope="col" className="py-1.5 text-start">{t("groups.column.number")}</th>
              <th scope="col" className="py-1.5 text-start">{t("groups.column.reference")}</th>
              <th scope="col" className="py-1.5 text-start">{t("groups.column.name")}</th>
              <th scope="col" className="py-1.5 text-start">{t("groups.column.passport")}</th>
              <th scope="col" className="py-1.5 text-start">{t("groups.column.status")}</th>
            </tr>
          </thead>
          <tbody>
            {group.travellers.map((traveller, i) => (
              <tr key={traveller._id} className="border-b border-[var(--border)] break-inside-avoid" data-testid="group-print-traveller" data-status={traveller.status}>
                <td className="py-1.5 tabular-nums">{formatNumber(i + 1, locale)}</td>
                <td className="py-1.5"><bdi dir="ltr" data-latin>{traveller.reference}</bdi></td>
                <td className="py-1.5" dir="auto">{traveller.fields.FullName ?? traveller.fields.FullQuadRupleName ?? ""}</td>
                <td className="py-1.5"><bdi dir="ltr" data-latin>{traveller.fields.PassportNumber ?? ""}</bdi></td>
                <td className="py-1.5"><StatusChip status={traveller.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted text-xs">{t("print.printedOn", { date: dateTime(new Date().toISOString(), locale, timeZone) })}</p>
      </article>
    </div>
  );
}
