/**
 * /visa/{id}/request: file a visa request. The applicant's fields come from the visa's field kinds, the documents
 * from its requirements; the price, the balance and the balance after filing are shown before sending (agencies
 * only: staff see no money, DESIGN §3). Logic is in filing.store.ts; FilingFormView.tsx draws it (the Worker draws
 * the same view from its own answers first, functions/edge/views/filing.tsx; this island takes it over on reach).
 */
import { useStore } from "../../lib/use-store";
import { lazy, Suspense, useEffect, useMemo, type FormEvent } from "react";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import {
  $documents, $errors, $money, $scanned, $submit, $values, $visa, cancelUpload, chooseDocument,
  fillFromPassport, removeDocument, setSellingPrice, setValue, startFiling, submitFiling,
} from "./filing.store";
import { FilingFormView, type FilingActions } from "./FilingFormView";
import { loadPassportReader } from "./passport-slot";
import { useRouteId } from "../../lib/route-id";
import { BONE, PULSE } from "./ui";

const PassportReader = loadPassportReader ? lazy(loadPassportReader) : null;

async function onSubmit(event: FormEvent) {
  event.preventDefault();
  const state = await submitFiling();
  if (state.status === "idle") {
    // Not sent: the first field with a problem gets the focus (its message is tied to it), else the first document.
    requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>('#filing-form [aria-invalid="true"], #filing-form [data-status] [data-testid$="-error"]');
      const target = first?.matches("input, textarea") ? first : first?.closest("li")?.querySelector<HTMLElement>("button");
      target?.focus();
    });
  }
}

function FilingForm({ locale }: { locale: Locale }) {
  const id = useRouteId();
  const visa = useStore($visa);
  const money = useStore($money);
  const values = useStore($values);
  const errors = useStore($errors);
  const scanned = useStore($scanned);
  const documents = useStore($documents);
  const submit = useStore($submit);

  useEffect(() => {
    if (id) void startFiling(id);
  }, [id]);

  useEffect(() => {
    // Filed: the request's own page, which confirms it with the reference, the price paid and the balance now.
    if (submit.status === "done") location.assign(`/${locale}/requests/${encodeURIComponent(submit.request._id)}/?filed`);
  }, [submit, locale]);

  const actions = useMemo<FilingActions>(
    () => ({
      setValue,
      chooseDocument: (requirementId, file) => void chooseDocument(requirementId, file),
      cancelUpload,
      removeDocument,
      submit: (event) => void onSubmit(event),
      setSellingPrice,
      retry: () => {
        if (id) void startFiling(id);
      },
    }),
    [id],
  );

  const travelDate = values.TravelDate ?? "";
  const passport =
    PassportReader && visa.status === "ready" ? (
      <Suspense fallback={<div className={`${BONE} ${PULSE} h-24 w-full`} aria-busy="true" />}>
        <PassportReader locale={locale} fieldKinds={visa.data.fields} travelDate={travelDate || undefined} onFill={fillFromPassport} />
      </Suspense>
    ) : undefined;

  return (
    <FilingFormView
      visa={id ? visa : { status: "loading" }}
      money={money}
      values={values}
      errors={errors}
      scanned={scanned}
      documents={documents}
      submit={submit}
      locale={locale}
      live
      passport={passport}
      actions={actions}
    />
  );
}

export default withI18n(FilingForm);
