/**
 * The group filing's place on /visa/{id}/request (issue 28), as drawn at build time: a card offering to file for a
 * family or a tour group. The island (GroupFiling.tsx) takes it over when the agent reaches for it; a press on the
 * drawn button before then is pressed again on the island's (src/lib/edge-views.ts), which opens the form.
 */
import { FileStack } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";

export function GroupFilingCard({ onOpen }: { onOpen?: () => void }) {
  const t = useT();
  return (
    <section className="card mt-6 flex flex-wrap items-center justify-between gap-4 p-6" aria-labelledby="group-filing-title" data-testid="group-filing-card">
      <div className="min-w-0 flex-1">
        <h2 id="group-filing-title" className="flex items-center gap-2 text-lg font-bold">
          <FileStack size={22} aria-hidden="true" />
          {t("groups.card.title")}
        </h2>
        <p className="muted mt-1 text-sm">{t("groups.card.text")}</p>
      </div>
      <button type="button" className="btn" onClick={onOpen} data-testid="group-open">
        {t("groups.card.open")}
      </button>
    </section>
  );
}
