/**
 * The two dates of a date-range filter as they look (DateRangeFilter wires them to a list store): the date field of
 * components/ui (the page's digits and order, issue 26), sent as YYYY-MM-DD. Props only, so the edge draws them too (issue 9); without handlers they wait for the island.
 */
import { DateField } from "../../components/ui/DateField";
import { Field } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";

const nothing = () => {};

export function DateRangeFields({ start, end, onStart = nothing, onEnd = nothing, testId = "filter-dates" }: {
  start: string;
  end: string;
  onStart?: (value: string) => void;
  onEnd?: (value: string) => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <div role="group" aria-label={t("kit.dates.title")} className="flex flex-wrap items-end gap-2" data-testid={testId}>
      <Field label={t("kit.dates.from")} className="w-48">
        <DateField label={t("kit.dates.from")} value={start} max={end || undefined} onValue={onStart} testId={`${testId}-from`} />
      </Field>
      <Field label={t("kit.dates.to")} className="w-48">
        <DateField label={t("kit.dates.to")} value={end} min={start || undefined} onValue={onEnd} testId={`${testId}-to`} />
      </Field>
    </div>
  );
}
