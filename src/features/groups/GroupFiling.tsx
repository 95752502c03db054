/**
 * /visa/{id}/request, "file for a group" (issue 28 items 1, 3): the island behind GroupFilingCard. Opened, it shows
 * the group form: shared documents, one row per traveller (the visa's fields and own documents, each cell checked
 * with the API's schema, the row's state), a spreadsheet import (parsed here, in the browser) with its template, the
 * total and the balance after it, and one button that files the whole group. Filed, it shows the group (GroupPanel).
 * The logic is in group-filing.store.ts.
 */
import { useStore } from "../../lib/use-store";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { withI18n } from "../../components/with-i18n";
import { translate, useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import type { FieldKind, Visa } from "../../contract/catalogue";
import { DOCUMENT_UPLOAD_TYPES } from "../../shared/upload-types";
import { sessionKind } from "../../lib/session";
import { useRouteId } from "../../lib/route-id";
import { FileUp, Plus, ScanLine, Send, Trash2 } from "../../components/ui/icons";
import { DateField } from "../../components/ui/DateField";
import { NumberInput } from "../../components/ui/NumberInput";
import { formatNumber } from "../../components/ui/format";
import { fetchAgencyBalance, fetchVisaToFile } from "../requests/api";
import { FIELD_INPUT, FIELD_LABEL } from "../requests/fields";
import { SELLING_PRICE, documentRequirements, type Loadable, type MoneyView } from "../requests/filing-model";
import { FileSlot } from "../requests/FileSlot";
import { Amount, BONE, Notice, PRIMARY, PULSE, problemText } from "../requests/ui";
import { OnCreditNote } from "../wallet/OnCreditNote";
import {
  $groupName, $rowErrors, $rows, $shared, $submit, MAX_TRAVELLERS, MIN_TRAVELLERS, addRows, addTraveller, chooseRowDocument, chooseShared, groupMoney,
  ownRequirements, removeShared, removeTraveller, sellIn, setCell, startGroup, stateOf, submitGroup, type RowErrors, type TravellerRow,
} from "./group-filing.store";
import { downloadTemplate } from "./api";
import { GroupFilingCard } from "./GroupFilingView";

const GroupPanel = lazy(() => import("./GroupPanel"));

/** Values that read left to right whatever the page's direction. */
const LTR_KINDS: readonly FieldKind[] = ["PassportNumber", "Email"];
const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

/** The text of a cell's problem: a message key of ours, or the API's own words. */
const say = (t: ReturnType<typeof useT>, text: string | undefined) => (text ? (/^[\w]+(\.[\w-]+)+$/.test(text) ? t(text) : text) : "");

const STATE_LABEL = { complete: "groups.state.complete", field: "groups.state.field", document: "groups.state.document" } as const;

const STATE_CLASS = {
  complete: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  field: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  document: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
} as const;

function StateChip({ errors, shown }: { errors: RowErrors | undefined; shown: boolean }) {
  const t = useT();
  if (!shown) return <span className="muted text-xs">{t("groups.state.new")}</span>;
  const state = stateOf(errors);
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASS[state]}`} data-testid="row-state" data-state={state}>
      {t(STATE_LABEL[state])}
    </span>
  );
}

function Row({ visa, row, index, locale, own, currency }: {
  visa: Visa; row: TravellerRow; index: number; locale: Locale; own: ReturnType<typeof ownRequirements>;
  /** The agency's currency: the row has its selling price (null: staff, who never see a price). */
  currency: string | null;
}) {
  const t = useT();
  const shownErrors = useStore($rowErrors);
  const errors = shownErrors[row.key];
  const number = formatNumber(index + 1, locale);
  const sixMonths = expiresSoon(row.values);
  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="traveller-row" data-row={index}>
      <th scope="row" className="px-2 py-2 text-start font-semibold tabular-nums">
        {number}
        {"line" in (row.origin ?? {}) && <span className="muted block text-xs">{t("groups.fromLine", { line: formatNumber((row.origin as { line: number }).line, locale) })}</span>}
      </th>
      <td className="px-2 py-2">
        <StateChip errors={errors} shown={errors !== undefined} />
        {sixMonths && <span className="mt-1 block text-xs font-semibold text-amber-800 dark:text-amber-200" data-testid="expires-soon">{t("groups.expiresSoon")}</span>}
      </td>
      {visa.fields.map((kind) => {
        const problem = say(t, errors?.[kind]);
        const id = `g-${row.key}-${kind}`;
        const uncertain = row.uncertain?.includes(kind);
        return (
          <td key={kind} className="px-1 py-2">
            {FIELD_INPUT[kind] === "date" ? (
              <DateField
                id={id}
                label={`${t(FIELD_LABEL[kind])}, ${t("groups.traveller", { n: number })}`}
                value={row.values[kind] ?? ""}
                onValue={(iso) => setCell(row.key, kind, iso)}
                invalid={Boolean(problem)}
                describedBy={problem ? `${id}-error` : undefined}
                className={`min-w-44 ${uncertain && !problem ? "[&_[role=group]]:border-amber-500!" : ""}`}
                testId={`cell-${index}-${kind}`}
              />
            ) : (
            <input
              id={id}
              type={FIELD_INPUT[kind] === "email" ? "email" : "text"}
              value={row.values[kind] ?? ""}
              onChange={(event) => setCell(row.key, kind, event.target.value)}
              dir={LTR_KINDS.includes(kind) ? "ltr" : undefined}
              aria-label={`${t(FIELD_LABEL[kind])}, ${t("groups.traveller", { n: number })}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              className={`input min-w-36 ${problem ? "border-error-600!" : uncertain ? "border-amber-500!" : ""}`}
              data-testid={`cell-${index}-${kind}`}
            />
            )}
            {uncertain && !problem && <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">{t("groups.checkScanned")}</p>}
            {problem && (
              <p id={`${id}-error`} className="mt-1 max-w-48 text-xs text-error-600" data-testid={`cell-error-${index}-${kind}`}>
                {problem}
              </p>
            )}
          </td>
        );
      })}
      {currency && <SellingPriceCell row={row} index={index} number={number} currency={currency} locale={locale} problem={say(t, errors?.[SELLING_PRICE])} />}
      {own.map((requirement) => {
        const slot = row.documents[requirement._id] ?? { status: "empty" as const };
        const problem = slot.status === "error" ? problemText(t, slot.problem) : say(t, errors?.[`doc:${requirement._id}`] ?? errors?.documents);
        const label = `${localized(requirement.name, locale)}, ${t("groups.traveller", { n: number })}`;
        return (
          <td key={requirement._id} className="px-1 py-2">
            <label className={`btn min-h-9! cursor-pointer px-3! text-sm ${problem ? "border-error-600!" : ""}`} data-testid={`doc-${index}-${requirement._id}`} data-status={slot.status}>
              <FileUp size={16} aria-hidden="true" />
              <span className="max-w-32 truncate" dir="auto">{slot.status === "done" ? slot.fileName : slot.status === "uploading" ? t("groups.uploading") : t("filing.chooseFile")}</span>
              <input
                type="file"
                className="sr-only"
                accept={DOCUMENT_UPLOAD_TYPES.join(",")}
                aria-label={label}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void chooseRowDocument(row.key, requirement._id, file);
                  event.target.value = "";
                }}
              />
            </label>
            {problem && <p className="mt-1 max-w-40 text-xs text-error-600">{problem}</p>}
          </td>
        );
      })}
      <td className="px-1 py-2">
        <button type="button" className="btn-icon" onClick={() => removeTraveller(row.key)} aria-label={t("groups.remove", { n: number })} data-testid={`remove-${index}`}>
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
}

/**
 * The traveller's selling price (issue 30): what the traveller pays the agency, printed on the traveller's receipt
 * instead of the net price. Optional per row (a spreadsheet import leaves it empty), checked as on the single form.
 */
function SellingPriceCell({ row, index, number, currency, locale, problem }: { row: TravellerRow; index: number; number: string; currency: string; locale: Locale; problem: string }) {
  const t = useT();
  const id = `g-${row.key}-${SELLING_PRICE}`;
  return (
    <td className="px-1 py-2">
      <NumberInput
        id={id} value={row.values[SELLING_PRICE] ?? ""} onValue={(text) => setCell(row.key, SELLING_PRICE, text)} currency={currency} locale={locale}
        aria-label={`${t("groups.column.sellingPrice")}, ${t("groups.traveller", { n: number })}`} invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-error` : undefined} className={`input min-w-28 text-end tabular-nums ${problem ? "border-error-600!" : ""}`}
        testId={`cell-${index}-${SELLING_PRICE}`}
      />
      {problem && <p id={`${id}-error`} className="mt-1 max-w-40 text-xs text-error-600" data-testid={`cell-error-${index}-${SELLING_PRICE}`}>{problem}</p>}
    </td>
  );
}

/** A passport that expires within six months of the travel date (the rule of the passport reader, DESIGN §9). */
function expiresSoon(values: Record<string, string>): boolean {
  const expiry = values.PassportExpiry;
  const travel = values.TravelDate;
  if (!expiry || !travel || !/^\d{4}-\d{2}-\d{2}$/.test(expiry) || !/^\d{4}-\d{2}-\d{2}$/.test(travel)) return false;
  const limit = new Date(`${travel}T00:00:00Z`);
  limit.setUTCMonth(limit.getUTCMonth() + 6);
  return expiry < limit.toISOString().slice(0, 10);
}

interface StackState {
  status: "idle" | "reading" | "done";
  done?: number;
  total?: number;
  read?: number;
  missed?: string[];
}

/**
 * Passports picked as a stack: each page read in turn by the passport reader (passport-stack.ts, loaded now), each a
 * new row with its uncertain fields marked and its picture as the traveller's passport document.
 */
async function readPassports(files: File[], visa: Visa, setStack: (s: StackState) => void): Promise<void> {
  const { readStack } = await import("./passport-stack");
  const passport = documentRequirements(visa).find((r) => /passport/i.test(r.name.en));
  const state: StackState = { status: "reading", done: 0, total: files.length, read: 0, missed: [] };
  setStack({ ...state });
  const travelDate = $rows.get().find((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.values.TravelDate ?? ""))?.values.TravelDate;
  await readStack(
    files, visa.fields, travelDate,
    (row) => {
      const document = passport && row.picture && ownRequirements(visa, $shared.get()).some((r) => r._id === passport._id)
        ? { [passport._id]: { status: "done" as const, fileName: row.pictureName, attachment: row.picture } }
        : {};
      addRows([{ values: row.values, uncertain: row.uncertain, origin: row.origin }], [document]);
      state.read = (state.read ?? 0) + 1;
      setStack({ ...state });
    },
    (name) => {
      state.missed = [...(state.missed ?? []), name];
      setStack({ ...state });
    },
    (done, total) => {
      state.done = done;
      state.total = total;
      setStack({ ...state });
    },
  );
  setStack({ ...state, status: "done" });
}

interface ImportState {
  status: "idle" | "reading" | "done" | "error";
  count?: number;
  ms?: number;
  missing?: FieldKind[];
}

/** The spreadsheet import: the file is read here (spreadsheet.ts, loaded now), its rows become travellers. */
async function importSheet(file: File, visa: Visa, headerSources: string, locale: Locale): Promise<ImportState> {
  const started = performance.now();
  const [{ readSheet, travellersOf }, labels] = await Promise.all([import("./spreadsheet"), headerLabels(visa, headerSources, locale)]);
  const sheet = await readSheet(file);
  const found = travellersOf(sheet, visa.fields, labels);
  const count = addRows(found.rows.map((values, i) => ({ values, origin: { line: found.lineNumbers[i]! } })));
  return { status: "done", count, ms: Math.round(performance.now() - started), missing: found.missing };
}

/** Each field's label in the three languages (the filing messages of each, as the page's files serve them). */
async function headerLabels(visa: Visa, sources: string, locale: Locale): Promise<Partial<Record<FieldKind, string[]>>> {
  const read = (url: string): Promise<Record<string, string>> =>
    fetch(url).then((r) => (r.ok ? (r.json() as Promise<Record<string, string>>) : {})).catch(() => ({}));
  const files = await Promise.all(sources.split(" ").filter(Boolean).map(read));
  const t = translate;
  void locale;
  return Object.fromEntries(visa.fields.map((kind) => [kind, [t(FIELD_LABEL[kind]), ...files.map((messages) => messages[FIELD_LABEL[kind]] ?? "").filter(Boolean)]]));
}

function GroupForm({ visa, money, locale, headerSources }: { visa: Visa; money: MoneyView; locale: Locale; headerSources: string }) {
  const t = useT();
  const rows = useStore($rows);
  const shared = useStore($shared);
  const submit = useStore($submit);
  const name = useStore($groupName);
  const rowErrors = useStore($rowErrors);
  const [imported, setImported] = useState<ImportState>({ status: "idle" });
  const sheetInput = useRef<HTMLInputElement>(null);
  const stackInput = useRef<HTMLInputElement>(null);
  const [stack, setStack] = useState<StackState>({ status: "idle" });
  const own = ownRequirements(visa, shared);
  const sum = groupMoney(visa, money, rows.length);
  const requirements = documentRequirements(visa);
  // Only an agency that sees its money types a selling price (staff never: the API refuses theirs).
  const currency = money.status === "ready" ? money.currency : null;
  useEffect(() => sellIn(currency), [currency]);

  if (submit.status === "done") {
    return (
      <Suspense fallback={<div className={`${BONE} ${PULSE} h-40 w-full`} aria-busy="true" />}>
        <GroupPanel groupId={submit.group._id} first={submit.group} locale={locale} />
      </Suspense>
    );
  }

  const onSheet = async (file: File) => {
    setImported({ status: "reading" });
    try {
      setImported(await importSheet(file, visa, headerSources, locale));
    } catch (error) {
      console.error("group import failed", error);
      setImported({ status: "error" });
    }
  };

  return (
    <form
      className="flex min-w-0 flex-col gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitGroup();
      }}
      data-testid="group-form"
    >
      <div className="grid min-w-0 gap-4 md:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("groups.name")}</span>
          <input className="input" value={name} maxLength={120} onChange={(event) => $groupName.set(event.target.value)} data-testid="group-name" />
        </label>
        <div className="flex flex-col gap-2">
          <span className="font-medium">{t("groups.import.title")}</span>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn" onClick={() => sheetInput.current?.click()} data-testid="import-choose">
              <FileUp size={18} aria-hidden="true" />
              {t("groups.import.choose")}
            </button>
            <input
              ref={sheetInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t("groups.import.choose")}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void onSheet(file);
                event.target.value = "";
              }}
              data-testid="import-input"
            />
            <button type="button" className="btn" onClick={() => void downloadTemplate(visa._id, "xlsx", locale)} data-testid="template-xlsx">
              {t("groups.import.templateXlsx")}
            </button>
            <button type="button" className="btn" onClick={() => void downloadTemplate(visa._id, "csv", locale)} data-testid="template-csv">
              {t("groups.import.templateCsv")}
            </button>
          </div>
          <p className="muted text-xs">{t("groups.import.hint")}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn" onClick={() => stackInput.current?.click()} disabled={stack.status === "reading"} data-testid="stack-choose">
              <ScanLine size={18} aria-hidden="true" />
              {t("groups.stack.choose")}
            </button>
            <input
              ref={stackInput}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              accept="image/jpeg,image/png,image/webp,application/pdf"
              aria-label={t("groups.stack.choose")}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                if (files.length) void readPassports(files, visa, setStack).catch(() => setStack({ status: "done", missed: files.map((f) => f.name) }));
                event.target.value = "";
              }}
              data-testid="stack-input"
            />
          </div>
          <p className="muted text-xs">{t("groups.stack.hint")}</p>
          {stack.status !== "idle" && (
            <p role="status" className="text-sm" data-testid="stack-status" data-state={stack.status}>
              {stack.status === "reading"
                ? t("groups.stack.reading", { done: formatNumber(stack.done ?? 0, locale), total: formatNumber(stack.total ?? 0, locale) })
                : t("groups.stack.done", { read: formatNumber(stack.read ?? 0, locale) })}
              {stack.missed?.length ? ` ${t("groups.stack.missed", { files: stack.missed.join("، ") })}` : ""}
            </p>
          )}
          {imported.status === "reading" && <p role="status" className="text-sm">{t("groups.import.reading")}</p>}
          {imported.status === "done" && (
            <p role="status" className="text-sm" data-testid="import-result">
              {t("groups.import.done", { count: formatNumber(imported.count ?? 0, locale) })}
              {imported.missing?.length ? ` ${t("groups.import.missing", { fields: imported.missing.map((k) => t(FIELD_LABEL[k])).join("، ") })}` : ""}
            </p>
          )}
          {imported.status === "error" && <Notice testId="import-error">{t("groups.import.failed")}</Notice>}
        </div>
      </div>

      {requirements.length > 0 && (
        <section aria-labelledby="group-shared-title" className="flex flex-col gap-2">
          <h3 id="group-shared-title" className="font-semibold">{t("groups.shared.title")}</h3>
          <p className="muted text-sm">{t("groups.shared.text")}</p>
          <ul className="grid gap-3 md:grid-cols-2">
            {requirements.map((requirement) => (
              <FileSlot
                key={requirement._id}
                label={localized(requirement.name, locale)}
                slot={shared[requirement._id] ?? { status: "empty" }}
                locale={locale}
                onChoose={(file) => void chooseShared(requirement._id, file)}
                onCancel={() => removeShared(requirement._id)}
                onRemove={() => removeShared(requirement._id)}
                testId={`shared-${requirement._id}`}
              />
            ))}
          </ul>
        </section>
      )}

      <div className="relative max-w-full overflow-x-auto rounded-2xl border border-[var(--border)]" role="region" aria-labelledby="group-travellers-title" tabIndex={0}>
        <table className="min-w-full text-sm" data-testid="group-table">
          <caption id="group-travellers-title" className="px-3 py-2 text-start font-semibold">
            {t("groups.travellers", { count: formatNumber(rows.length, locale) })}
          </caption>
          <thead>
            <tr className="text-start">
              <th scope="col" className="px-2 py-2 text-start">{t("groups.column.number")}</th>
              <th scope="col" className="px-2 py-2 text-start">{t("groups.column.state")}</th>
              {visa.fields.map((kind) => (
                <th key={kind} scope="col" className="px-2 py-2 text-start whitespace-nowrap">{t(FIELD_LABEL[kind])}</th>
              ))}
              {currency && <th scope="col" className="px-2 py-2 text-start whitespace-nowrap">{t("groups.column.sellingPrice")}</th>}
              {own.map((r) => (
                <th key={r._id} scope="col" className="px-2 py-2 text-start whitespace-nowrap">{localized(r.name, locale)}</th>
              ))}
              <th scope="col" className="px-2 py-2"><span className="sr-only">{t("groups.column.remove")}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <Row key={row.key} visa={visa} row={row} index={index} locale={locale} own={own} currency={currency} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn" onClick={addTraveller} disabled={rows.length >= MAX_TRAVELLERS} data-testid="add-traveller">
          <Plus size={18} aria-hidden="true" />
          {t("groups.add")}
        </button>
        <span className="muted text-sm">{t("groups.limits", { min: formatNumber(MIN_TRAVELLERS, locale), max: formatNumber(MAX_TRAVELLERS, locale) })}</span>
      </div>

      {sum && (
        <dl className={`grid gap-2 rounded-2xl border border-[var(--border)] p-4 ${sum.available === null ? "sm:grid-cols-3" : "sm:grid-cols-4"}`} data-testid="group-money">
          <div>
            <dt className="muted text-sm">{t("groups.money.total", { count: formatNumber(rows.length, locale) })}</dt>
            <dd className="text-lg font-bold"><Amount minor={sum.total} currency={sum.currency} locale={locale} testId="group-total" /></dd>
          </div>
          <div>
            <dt className="muted text-sm">{t("groups.money.balance")}</dt>
            <dd className="text-lg"><Amount minor={sum.balance} currency={sum.currency} locale={locale} /></dd>
          </div>
          {sum.available !== null && (
            <div>
              <dt className="muted text-sm">{t("credit.available")}</dt>
              <dd className="text-lg"><Amount minor={sum.available} currency={sum.currency} locale={locale} testId="group-available" /></dd>
            </div>
          )}
          <div>
            <dt className="muted text-sm">{t("groups.money.after")}</dt>
            <dd className={`text-lg font-bold ${sum.short > 0 ? "text-error-600" : ""}`}><Amount minor={sum.after} currency={sum.currency} locale={locale} testId="group-after" /></dd>
          </div>
        </dl>
      )}
      {sum && submit.status !== "insufficient" && <OnCreditNote owedAfter={sum.owedAfter} short={sum.short} currency={sum.currency} locale={locale} />}
      {rows.length < MIN_TRAVELLERS && <Notice tone="warning">{t("groups.tooFew", { min: formatNumber(MIN_TRAVELLERS, locale) })}</Notice>}
      {submit.status === "insufficient" && <Notice testId="group-insufficient">{submit.message}</Notice>}
      {submit.status === "failed" && <Notice testId="group-failed">{submit.message ?? t("groups.fixCells")}</Notice>}
      {submit.status === "idle" && Object.values(rowErrors).some((e) => Object.keys(e).length) && (
        <Notice tone="warning" testId="group-fix">{t("groups.fixCells")}</Notice>
      )}
      <div>
        <button type="submit" className={PRIMARY} disabled={submit.status === "sending"} aria-busy={submit.status === "sending" || undefined} data-testid="group-submit">
          <Send size={18} aria-hidden="true" />
          {t("groups.submit", { count: formatNumber(rows.length, locale) })}
        </button>
      </div>
    </form>
  );
}

function GroupFiling({ locale, headerSources = "" }: { locale: Locale; headerSources?: string }) {
  const t = useT();
  const id = useRouteId();
  const [open, setOpen] = useState(false);
  const [visa, setVisa] = useState<Loadable<Visa>>({ status: "loading" });
  const [money, setMoney] = useState<MoneyView>({ status: "loading" });

  useEffect(() => {
    if (!open || !id) return;
    let live = true;
    void fetchVisaToFile(id).then(
      async (v) => {
        await startGroup(v);
        if (live) setVisa({ status: "ready", data: v });
      },
      () => live && setVisa({ status: "error" }),
    );
    if (sessionKind() !== "Agent") setMoney({ status: "hidden" });
    else void fetchAgencyBalance().then((b) => live && setMoney({ status: "ready", balance: b.balance, currency: b.currency, ...(b.credit ? { credit: b.credit } : {}) }), () => live && setMoney({ status: "error" }));
    return () => {
      live = false;
    };
  }, [open, id]);

  if (!open) return <GroupFilingCard onOpen={() => setOpen(true)} />;
  let body: ReactNode;
  if (visa.status === "ready") body = <GroupForm visa={visa.data} money={money} locale={locale} headerSources={headerSources} />;
  else if (visa.status === "loading") body = <div className={`${BONE} ${PULSE} h-40 w-full`} aria-busy="true" />;
  else body = <Notice>{t("groups.loadFailed")}</Notice>;
  return (
    <section className="card mt-6 flex min-w-0 flex-col gap-4 p-4 sm:p-6" aria-labelledby="group-form-title" data-testid="group-filing">
      <h2 id="group-form-title" className="text-lg font-bold">{t("groups.form.title")}</h2>
      {body}
    </section>
  );
}

export default withI18n(GroupFiling);
