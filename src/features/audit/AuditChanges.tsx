/**
 * One audit row's changes as people read them (issue 29): each field before → after, money in the page's money rule,
 * empty values named. Shared by the office's audit log and the agency's activity page.
 */
import type { AuditEntry } from "../../contract/audit";
import { useT, type TFn } from "../../lib/i18n";
import { formatMoney, formatNumber } from "../../shared/format";
import type { Locale } from "../../shared/locales";

/** What the call did, in words: "changed" a visa, "created" a country, "deleted" … (the API's name stays as a detail). */
export const VERB: Record<string, string> = { POST: "audit.verb.post", PATCH: "audit.verb.patch", PUT: "audit.verb.patch", DELETE: "audit.verb.delete" };
const MONEY_FIELD = /(balance|price|amount)/i;

function value(name: string, raw: unknown, currency: string, locale: Locale, t: TFn): string {
  if (raw === null || raw === undefined || raw === "") return t("audit.none");
  if (typeof raw === "number") return MONEY_FIELD.test(name) ? formatMoney(raw, currency, locale) : formatNumber(raw, locale);
  return String(raw);
}

export function AuditChanges({ entry, currency, locale }: { entry: AuditEntry; currency: string; locale: Locale }) {
  const t = useT();
  const names = Object.keys(entry.changes);
  if (names.length === 0) return <span className="muted">{t("audit.noFieldChanged")}</span>;
  return (
    <ul className="flex flex-col gap-0.5" data-testid="audit-changes">
      {names.map((name) => {
        const [before, after] = entry.changes[name]!;
        return (
          <li key={name} className="break-words" data-field={name}>
            <span className="font-semibold" dir="ltr">{name.replace(/_/g, " ")}</span>{": "}
            <bdi className="line-through decoration-red-500/60" data-latin={typeof before === "string" ? "" : undefined}>{value(name, before, currency, locale, t)}</bdi>
            {" "}<span className="inline-block flip-rtl" aria-hidden="true">→</span>{" "}
            <bdi className="font-medium" data-latin={typeof after === "string" ? "" : undefined}>{value(name, after, currency, locale, t)}</bdi>
          </li>
        );
      })}
    </ul>
  );
}

