/**
 * Results of a group in bulk (issue 28 item 5): the office drops a zip or many files (the visas); each is matched to
 * the traveller whose passport number its name carries (admin/requests/bulk-results), shown as a preview, and saved
 * only when the office says so. A zip is opened here, in the browser (fflate, loaded on use); files go up five a call.
 */
import { useState } from "react";
import type { ResultMatchView } from "./group-results";
import { Button, formatNumber } from "../../components/ui";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { usePageLocale } from "../kit/hooks";
import { filesOfDrop, inBatches } from "./group-results";

export function GroupResults({ groupId, onSaved }: { groupId: string; onSaved: () => void }) {
  const t = useT();
  const locale = usePageLocale();
  const [files, setFiles] = useState<File[]>([]);
  const [matches, setMatches] = useState<ResultMatchView[] | null>(null);
  const [state, setState] = useState<"idle" | "working" | "saved">("idle");

  const send = (batch: File[], save: boolean) => {
    const form = new FormData();
    form.append("groupId", groupId);
    if (save) form.append("save", "true");
    for (const file of batch) form.append("file", file, file.name);
    return api.post<{ matches: ResultMatchView[] }>("admin/requests/bulk-results", form);
  };
  const choose = async (list: FileList | null) => {
    if (!list?.length) return;
    setState("working");
    setMatches(null);
    try {
      const all = await filesOfDrop([...list]);
      setFiles(all);
      setMatches((await inBatches(all, (batch) => send(batch, false))).flatMap((r) => r.matches));
      setState("idle");
    } catch {
      setState("idle");
    }
  };
  const save = async () => {
    if (!matches) return;
    setState("working");
    try {
      const matched = files.filter((_, i) => matches[i]?.requestId);
      await inBatches(matched, (batch) => send(batch, true));
      setState("saved");
      onSaved();
    } catch {
      setState("idle");
    }
  };
  const found = matches?.filter((m) => m.requestId).length ?? 0;

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-[var(--border)] p-3" data-testid="group-results">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t("adminGroups.upload.title")}</span>
        <span className="muted">{t("adminGroups.upload.hint")}</span>
        <input
          type="file"
          multiple
          accept=".zip,application/zip,application/pdf,image/jpeg,image/png,image/webp"
          onChange={(event) => void choose(event.target.files)}
          data-testid="results-input"
        />
      </label>
      {state === "working" && <p role="status" className="text-sm">{t("kit.loading")}</p>}
      {matches && (
        <>
          <ul className="flex flex-col gap-0.5 text-sm" data-testid="results-preview">
            {matches.map((m, i) => (
              <li key={`${m.file}-${i}`} data-testid="results-match" data-matched={m.requestId ? "true" : "false"}>
                <bdi dir="ltr" data-latin>{m.file}</bdi>: {m.reference ? <bdi dir="ltr" data-latin>{m.reference}</bdi> : t("adminGroups.upload.noMatch")}
              </li>
            ))}
          </ul>
          {state !== "saved" && (
            <Button variant="primary" onClick={() => void save()} disabled={found === 0} data-testid="results-save">
              {t("adminGroups.upload.save", { count: formatNumber(found, locale) })}
            </Button>
          )}
          {state === "saved" && <p role="status" className="text-sm font-semibold" data-testid="results-saved">{t("adminGroups.upload.saved", { count: formatNumber(found, locale) })}</p>}
        </>
      )}
    </div>
  );
}
