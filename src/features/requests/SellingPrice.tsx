/**
 * The agency's own price to its traveller on the request page (issue 30): what the receipt prints instead of the net
 * price it paid the platform. Shown to the agency's owner only (the request carries prices only for those who see
 * money); typed in the page's digits, saved by the island (drawn by the edge, the form waits for it like the fix form).
 */
import { useState, type FormEvent } from "react";
import type { VisaRequest } from "../../contract/requests";
import { NumberField } from "../../components/ui/NumberInput";
import { parseMoney } from "../../components/ui/numbers";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { Amount, BUTTON } from "./ui";

export function SellingPrice({ request, locale, save }: { request: VisaRequest; locale: Locale; save?: (minor: number | null) => Promise<boolean> }) {
  const t = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "saved">("idle");
  const currency = request.currency ?? "USD";
  const submit = async () => {
    if (!save) return;
    const parsed = parseMoney(text, currency);
    if (parsed.problem) return setError(t(parsed.problem));
    setError(null);
    setState("sending");
    const ok = await save(parsed.value ?? null);
    setState(ok ? "saved" : "idle");
    if (ok) setText("");
  };
  return (
    // Never sent natively: Enter and the button save through the island (a drawn form's press is made again on the
    // island's button once it is there, src/lib/edge-view-press.ts, which a submit button would not be).
    <form className="flex flex-col gap-2 border-t border-[var(--border)] pt-3" onSubmit={(event: FormEvent) => { event.preventDefault(); void submit(); }} noValidate data-testid="selling-price-form">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="muted">{t("requests.sellingPrice")}</span>
        {request.sellingPrice != null ? (
          <Amount minor={request.sellingPrice} currency={currency} locale={locale} testId="selling-price" className="font-semibold" />
        ) : (
          <span data-testid="selling-price-none">{t("requests.sellingPriceNone")}</span>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <NumberField
          label={t("requests.sellingPriceNew")} value={text} onValue={(value) => { setText(value); setState("idle"); }} currency={currency} locale={locale}
          error={error ?? undefined} fieldClassName="w-56" testId="selling-price-input"
        />
        <button type="button" onClick={() => void submit()} className={`${BUTTON} min-h-11! px-3.5! text-sm`} disabled={state === "sending"} aria-busy={state === "sending" || undefined} data-testid="selling-price-save">
          {t("requests.sellingPriceSave")}
        </button>
      </div>
      <p className="muted text-xs">{t("requests.sellingPriceHint")}</p>
      {state === "saved" && <p role="status" className="text-sm font-medium" data-testid="selling-price-saved">{t("requests.sellingPriceSaved")}</p>}
    </form>
  );
}
