/**
 * /top-up (issue 30 item 2): the agency asks the office for a top-up — amount, the bank or exchange office it paid
 * through, its reference, the transfer slip (photo or PDF) — under one Idempotency-Key per request, with the office's
 * payment instructions in the page's language above the form. Below, its requests and their state, live: a decision
 * of the office (and the balance it moved) reaches the open page without a reload (the hub's "balance" topic).
 * The page is drawn by the edge (TopUpView); this island brings what the form does, when the agency reaches for it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { BalanceResponse } from "../../contract/auth";
import { topUpRequestInput, type PaymentInstructions, type TopUpRequest, type TopUpRequestList } from "../../contract/credit";
import { parseNumberInput } from "../../components/ui/NumberInput";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";
import { refreshBalance } from "../../lib/session.store";
import { DOCUMENT_UPLOAD_TYPES, UploadError, checkFile, upload } from "../../lib/upload";
import type { Locale } from "../../shared/locales";
import { EMPTY_TOP_UP, TopUpView, instructionsIn, type TopUpErrors, type TopUpValues } from "./TopUpView";

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function TopUpPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [instructions, setInstructions] = useState<string | null>(null);
  const [list, setList] = useState<TopUpRequestList | null>(null);
  const [values, setValues] = useState<TopUpValues>(EMPTY_TOP_UP);
  const [slip, setSlip] = useState<File | null>(null);
  const [errors, setErrors] = useState<TopUpErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // One key per request: a retry after a lost answer is the same request, never a second one.
  const key = useRef(newKey());
  const slipInput = useRef<HTMLInputElement>(null);
  const currency = balance?.currency ?? "USD";

  const load = useCallback(async () => {
    const [money, requests] = await Promise.all([refreshBalance(), api.get<TopUpRequestList>("top-up-requests", { query: { limit: 50 } })]);
    if (money) setBalance(money);
    setList(requests);
  }, []);
  useEffect(() => {
    void load();
    void api.get<PaymentInstructions>("settings/payment-instructions").then((all) => setInstructions(instructionsIn(all, locale)));
    // The office decided (or the balance moved): the states and the balance as they are now.
    return followRecords(["balance"], load);
  }, [load, locale]);

  const submit = async () => {
    const parsed = parseNumberInput(values.amount, "money", currency);
    const { paidThrough, bankReference, note } = values;
    const input = { amount: typeof parsed.value === "number" ? parsed.value : -1, paidThrough, bankReference, ...(note.trim() ? { note } : {}) };
    const checked = topUpRequestInput.safeParse(input);
    const found: TopUpErrors = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as keyof TopUpErrors] ??= t(issue.message);
    if (!slip) found.slip = t("validation.fileRequired");
    else {
      const problem = await checkFile(slip, DOCUMENT_UPLOAD_TYPES);
      if (problem) found.slip = t(problem === "size" ? "upload.tooLarge" : "topUps.slipType");
    }
    setErrors(found);
    if (Object.keys(found).length || !slip) return;
    const form = new FormData();
    form.append("data", JSON.stringify(input));
    form.append("slip", slip, slip.name);
    setSending(true);
    setSent(false);
    try {
      await upload<TopUpRequest>("top-up-requests", form, { headers: { "Idempotency-Key": key.current } });
      key.current = newKey();
      setValues((v) => ({ ...EMPTY_TOP_UP, paidThrough: v.paidThrough }));
      setSlip(null);
      if (slipInput.current) slipInput.current.value = "";
      setSent(true);
      await load();
    } catch (error) {
      setErrors({ form: error instanceof UploadError && error.message ? error.message : t("topUps.failed") });
    } finally {
      setSending(false);
    }
  };

  return (
    <TopUpView
      ref={slipInput} locale={locale} balance={balance} instructions={instructions} list={list} values={values} errors={errors} sending={sending} sent={sent} live
      actions={{ set: (patch) => setValues((v) => ({ ...v, ...patch })), slip: setSlip, submit: () => void submit() }}
    />
  );
}

export default withI18n(TopUpPage);
