/**
 * /translation (issue 12): the services and languages on offer and the order form, with the price, the balance and
 * the balance after shown before paying (agents only: staff never see money). Documents are uploaded first (the
 * agency's attachments), then one POST legal-translation with the submission's Idempotency-Key creates and charges
 * the order in one go. The page is drawn by the edge (TranslationOrderView); this island brings what the form does.
 */
import { creditAtBalance } from "../../shared/credit";
import { useEffect, useRef, useState } from "react";
import type { BalanceResponse } from "../../contract/auth";
import type { TranslationOrder as Order } from "../../contract/translation";
import { MAX_PAGES } from "../../contract/translation-limits";
import { parseWholeNumber } from "../../components/ui/numbers";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import type { Locale } from "../../shared/locales";
import { fetchBalance } from "../catalogue/api";
import { balanceMoved, fetchLanguages, fetchServices, placeOrder, seesMoney, uploadAttachment } from "./api";
import { TranslationOrderView, initialOrderValues, type OrderErrors, type OrderFormActions, type OrderFormState, type OrderFormValues } from "./TranslationOrderView";

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * `maxPages` is the contract's MAX_PAGES (src/contract/translation-limits.ts, without zod): the contract module (zod
 * and its schemas, ~27 kB gzip) loads only when an order is first checked (issue 9).
 */
function TranslationOrder({ locale, maxPages = MAX_PAGES }: { locale: Locale; maxPages?: number }) {
  const t = useT();
  const [state, setState] = useState<OrderFormState>({ status: "loading" });
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [money, setMoney] = useState(false);
  const [values, setValues] = useState<OrderFormValues>(() => initialOrderValues([], ""));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [pending, setPending] = useState(false);
  const [placed, setPlaced] = useState<Order | null>(null);
  // One key per submission: a retry after a lost answer is the same order, never a second charge.
  const key = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);

  async function load() {
    setState({ status: "loading" });
    const withMoney = seesMoney();
    setMoney(withMoney);
    try {
      const [services, languages, b] = await Promise.all([fetchServices(), fetchLanguages(), withMoney ? fetchBalance() : Promise.resolve(null)]);
      setState({ status: "ready", services, languages });
      setBalance(b);
      const wanted = initialOrderValues(services, location.search).serviceId;
      if (wanted) setValues((v) => ({ ...v, serviceId: wanted }));
    } catch {
      setState({ status: "failed" });
    }
  }
  useEffect(() => void load(), []);

  // Any change makes a new submission (a new Idempotency-Key).
  const set = (patch: Partial<OrderFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    key.current = newKey();
  };

  async function submit() {
    const { serviceId, fromId, toId, pages, note } = values;
    const pageCount = parseWholeNumber(pages).value ?? NaN;
    const input = { serviceId, fromLanguageId: fromId, toLanguageId: toId, pages: Number.isNaN(pageCount) ? pages : pageCount, note: note.trim() || undefined };
    const { orderInput } = await import("../../contract/translation");
    const parsed = orderInput.safeParse({ ...input, documents: [] });
    const next: OrderErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof OrderErrors;
        next[field] ??= t(issue.message.startsWith("validation.") ? issue.message : "validation.invalid");
      }
    }
    if (!serviceId) next.serviceId = t("validation.required");
    if (files.length === 0) next.documents = t("translation.documentsRequired");
    setErrors(next);
    if (Object.keys(next).length) return;
    setPending(true);
    try {
      const attachments = [];
      for (const file of files) attachments.push(await uploadAttachment(file));
      const order = await placeOrder({ ...parsed.data!, documents: attachments.map((a) => a._id) }, key.current);
      setPlaced(order);
      if (balance && order.price !== undefined) {
        const moved = balance.balance - order.price;
        setBalance({ ...balance, balance: moved, ...(balance.credit ? { credit: creditAtBalance(balance.credit, moved) } : {}) });
        balanceMoved();
      }
      toast.success(t("translation.placed", { reference: order.reference }));
      key.current = newKey();
      setFiles([]);
      setValues((v) => ({ ...v, note: "" }));
      if (fileInput.current) fileInput.current.value = "";
    } catch {
      // The client has shown the API's message (402 names the shortfall).
    } finally {
      setPending(false);
    }
  }

  const actions: OrderFormActions = {
    choose(serviceId) {
      set({ serviceId, fromId: "", toId: "" });
      setErrors({});
      document.getElementById("order-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    from: (fromId) => set({ fromId }),
    to: (toId) => set({ toId }),
    pages: (pages) => set({ pages }),
    note: (note) => set({ note }),
    files(chosen) {
      setFiles(chosen);
      key.current = newKey();
    },
    submit: () => void submit(),
    retry: () => void load(),
  };

  return (
    <TranslationOrderView
      ref={fileInput} locale={locale} maxPages={maxPages} state={state} values={values} money={money} balance={balance}
      errors={errors} pending={pending} placed={placed} live actions={actions}
    />
  );
}

export default withI18n(TranslationOrder);
