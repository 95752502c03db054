/**
 * The office's view of group filings (issue 28 item 5), on the work queue: each open group as one row — its
 * reference, agency, visa, traveller count and state mix — which opens to its travellers. Chosen travellers move
 * together (start processing, ask for the same document, approve, reject with one reason) through
 * admin/requests/bulk-status: each traveller is an ordinary move, recorded in its own history, and its result is
 * shown (moved, or why not). Follows live changes like the queue.
 */
import { useEffect, useRef, useState } from "react";
import type { BulkResults, RequestGroup, RequestGroupListResponse, RequestGroupSummary } from "../../contract/request-groups";
import { REASON_REQUIRED, VISA_STATUSES, type VisaStatus } from "../../contract/requests";
import type { Visa } from "../../contract/catalogue";
import { Alert, Button, Select, TextField, formatNumber } from "../../components/ui";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";
import { usePageLocale } from "../kit/hooks";
import { localized } from "../kit/resource";
import { detailPath, fetchVisa } from "./api";
import { StatusChip } from "./StatusChip";
import { GroupResults } from "./GroupResults";
import { MOVE_LABEL, OPEN_STATUSES, STATUS_LABEL } from "./status";

/** The moves the office makes on a whole group (DESIGN §6 decides, per traveller, which are allowed). */
const BULK_MOVES: readonly VisaStatus[] = ["InProcess", "DocumentNeeded", "Approved", "Rejected"];

function Mix({ counts }: { counts: RequestGroupSummary["counts"] }) {
  const t = useT();
  const locale = usePageLocale();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("adminGroups.mix")}>
      {VISA_STATUSES.filter((s) => counts[s]).map((status) => (
        <li key={status} className="rounded-full border border-[var(--border)] px-2 py-0.5 text-xs whitespace-nowrap" data-status={status}>
          {t(STATUS_LABEL[status])}: <span className="tabular-nums">{formatNumber(counts[status] ?? 0, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

function GroupTravellers({ summary, onChanged }: { summary: RequestGroupSummary; onChanged: () => void }) {
  const t = useT();
  const locale = usePageLocale();
  const [group, setGroup] = useState<RequestGroup | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [move, setMove] = useState<VisaStatus | "">("");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState("");
  const [visa, setVisa] = useState<Visa | null>(null);
  const [results, setResults] = useState<BulkResults | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const load = () => api.get<RequestGroup>(`admin/request-groups/${encodeURIComponent(summary._id)}`).then(setGroup, () => setProblem(t("adminGroups.loadFailed")));
  useEffect(() => {
    void load();
    return followRecords(["requests"], () => void load());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary._id]);
  useEffect(() => {
    if (move === "DocumentNeeded" && !visa) void fetchVisa(summary.visa._id).then(setVisa, () => setVisa(null));
  }, [move, visa, summary.visa._id]);

  if (!group) return <p className="muted p-3 text-sm" aria-busy="true">{t("kit.loading")}</p>;
  const all = group.travellers.map((tr) => tr._id);
  const toggle = (id: string) => setChosen((set) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const needsReason = move !== "" && REASON_REQUIRED.includes(move);
  const apply = async () => {
    if (!move || chosen.size === 0) return;
    if (needsReason && !reason.trim()) return setProblem(t("adminGroups.reasonRequired"));
    if (move === "DocumentNeeded" && !missing) return setProblem(t("adminGroups.documentRequired"));
    setProblem(null);
    setPending(true);
    try {
      const change = { status: move, ...(reason.trim() ? { reason: reason.trim() } : {}), ...(move === "DocumentNeeded" ? { missingDocuments: [missing] } : {}) };
      setResults(await api.patch<BulkResults>("admin/requests/bulk-status", { ids: [...chosen], change }));
      setChosen(new Set());
      await load();
      onChanged();
    } catch {
      // The client's notice already says what the API answered.
    } finally {
      setPending(false);
    }
  };
  const byId = new Map(group.travellers.map((tr) => [tr._id, tr]));
  const documents = (visa?.requirements ?? []).filter((r) => r.kind === "document");

  return (
    <div className="flex flex-col gap-3 p-3" data-testid="group-travellers-admin">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("adminGroups.travellersOf", { reference: group.reference })}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1.5 text-start">
                <input
                  type="checkbox"
                  aria-label={t("adminGroups.chooseAll")}
                  checked={chosen.size === all.length && all.length > 0}
                  onChange={(event) => setChosen(event.target.checked ? new Set(all) : new Set())}
                  data-testid="choose-all"
                />
              </th>
              <th scope="col" className="px-2 py-1.5 text-start">{t("adminGroups.column.reference")}</th>
              <th scope="col" className="px-2 py-1.5 text-start">{t("adminGroups.column.traveller")}</th>
              <th scope="col" className="px-2 py-1.5 text-start">{t("adminGroups.column.passport")}</th>
              <th scope="col" className="px-2 py-1.5 text-start">{t("adminGroups.column.status")}</th>
            </tr>
          </thead>
          <tbody>
            {group.travellers.map((traveller) => (
              <tr key={traveller._id} className="border-t border-[var(--border)]" data-testid="admin-traveller" data-status={traveller.status}>
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={t("adminGroups.choose", { reference: traveller.reference })}
                    checked={chosen.has(traveller._id)}
                    onChange={() => toggle(traveller._id)}
                  />
                </td>
                <td className="px-2 py-1.5"><a className="link" href={detailPath(locale, traveller._id)}><bdi dir="ltr" data-latin>{traveller.reference}</bdi></a></td>
                <td className="px-2 py-1.5" dir="auto">{traveller.fields.FullName ?? traveller.fields.FullQuadRupleName ?? ""}</td>
                <td className="px-2 py-1.5"><bdi dir="ltr" data-latin>{traveller.fields.PassportNumber ?? ""}</bdi></td>
                <td className="px-2 py-1.5"><StatusChip status={traveller.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid items-end gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
        <Select
          label={t("adminGroups.move")}
          value={move}
          onValue={(value) => setMove(value as VisaStatus | "")}
          options={BULK_MOVES.map((status) => ({ value: status, label: t(MOVE_LABEL[status]) }))}
          placeholder={t("adminGroups.pickMove")}
          testId="bulk-move"
        />
        <div className="flex flex-col gap-3">
          {move === "DocumentNeeded" && (
            <Select
              label={t("adminGroups.document")}
              value={missing}
              onValue={setMissing}
              options={documents.map((r) => ({ value: r._id, label: localized(r.name, locale) }))}
              placeholder={visa ? t("adminGroups.pickDocument") : t("kit.loading")}
              testId="bulk-document"
            />
          )}
          {needsReason && <TextField label={t("adminGroups.reason")} value={reason} onValue={setReason} rows={2} maxLength={1000} required testId="bulk-reason" />}
        </div>
        <Button variant="primary" onClick={() => void apply()} pending={pending} disabled={!move || chosen.size === 0} data-testid="bulk-apply">
          {t("adminGroups.apply", { count: formatNumber(chosen.size, locale) })}
        </Button>
      </div>
      {problem && <Alert testId="bulk-problem">{problem}</Alert>}
      <GroupResults groupId={group._id} onSaved={() => void load()} />
      {results && (
        <div role="status" className="rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="bulk-results">
          <p className="font-semibold">{t("adminGroups.results", { moved: formatNumber(results.moved, locale), refused: formatNumber(results.refused, locale) })}</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {results.results.map((r) => (
              <li key={r._id} data-testid="bulk-result" data-ok={r.ok ? "true" : "false"}>
                <bdi dir="ltr" data-latin>{r.reference ?? byId.get(r._id)?.reference ?? ""}</bdi>: {r.ok ? t("adminGroups.moved", { status: t(STATUS_LABEL[r.status!]) }) : r.error?.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Open groups, newest first; each opens to its travellers. */
export function GroupsQueue() {
  const t = useT();
  const locale = usePageLocale();
  const [groups, setGroups] = useState<RequestGroupSummary[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const opened = useRef<string | null>(null);
  opened.current = open;
  // The group the office has open stays on screen after its last traveller is closed (approved, rejected): its
  // results are still being read. It leaves the list when closed.
  const load = () =>
    api.get<RequestGroupListResponse>("admin/request-groups", { query: { status: OPEN_STATUSES.join(","), limit: 20 } }).then(
      (r) =>
        setGroups((before) => {
          const kept = before?.find((g) => g._id === opened.current && !r.data.some((d) => d._id === g._id));
          return kept ? [kept, ...r.data] : r.data;
        }),
      () => setGroups([]),
    );
  useEffect(() => {
    void load();
    return followRecords(["requests"], () => void load());
  }, []);
  if (!groups?.length) return null;
  return (
    <section aria-labelledby="admin-groups-title" className="card flex flex-col gap-2 p-4" data-testid="admin-groups">
      <h2 id="admin-groups-title" className="text-lg font-bold">{t("adminGroups.title")}</h2>
      <ul className="flex flex-col divide-y divide-[var(--border)]">
        {groups.map((group) => (
          <li key={group._id} data-testid="admin-group" data-reference={group.reference}>
            <div className="flex flex-wrap items-center gap-3 py-2">
              <button
                type="button"
                className="btn min-h-9! px-3! text-sm"
                aria-expanded={open === group._id}
                onClick={() => setOpen(open === group._id ? null : group._id)}
                data-testid="admin-group-open"
              >
                <bdi dir="ltr" data-latin>{group.reference}</bdi>
              </button>
              <span className="font-semibold">{group.agency.name}</span>
              <span className="muted text-sm">{localized(group.visa.title, locale)}</span>
              <span className="text-sm">{t("adminGroups.count", { count: formatNumber(group.travellerCount, locale) })}</span>
              <Mix counts={group.counts} />
            </div>
            {open === group._id && <GroupTravellers summary={group} onChanged={() => void load()} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
