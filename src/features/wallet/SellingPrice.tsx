/**
 * The agency's own price to its traveller (issue 30), on the request page and on each translation order: what the
 * receipt prints instead of the net price it paid the platform. Shown only where the record carries prices (the
 * agency's owner; staff see no money); typed in the page's digits and saved by the page's island (`save`).
 */
import { useState, type FormEvent } from "react";
import { Money } from "../../components/ui/Money";
import { buttonClass } from "../../components/ui/Button";
import { NumberField } from "../../components/ui/NumberInput";
import { parseMoney } from "../../components/ui/numbers";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

export function SellingPrice({ value, currency, locale, save }: { value: number | null | undefined; currency: string; locale: Locale; save?: (minor: number | null) => Promise<boolean> }) {
  const t = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "saved">("idle");
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
    // Never sent natively: Enter and the button save through the island (a drawn view's press is made again on the
    // island's button once it is there, src/lib/edge-view-press.ts, which a submit button would not be).
    <form className="flex flex-col gap-2 border-t border-[var(--border)] pt-3" onSubmit={(event: FormEvent) => { event.preventDefault(); void submit(); }} noValidate data-testid="selling-price-form">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="muted">{t("requests.sellingPrice")}</span>
        {value != null ? (
          <span className="font-semibold" data-testid="selling-price" data-minor={value}><Money minor={value} currency={currency} /></span>
        ) : (
          <span data-testid="selling-price-none">{t("requests.sellingPriceNone")}</span>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <NumberField
          label={t("requests.sellingPriceNew")} value={text} onValue={(next) => { setText(next); setState("idle"); }} currency={currency} locale={locale}
          error={error ?? undefined} fieldClassName="w-56" testId="selling-price-input"
        />
        <button type="button" onClick={() => void submit()} className={buttonClass("outline", "md")} disabled={state === "sending"} aria-busy={state === "sending" || undefined} data-testid="selling-price-save">
          {t("requests.sellingPriceSave")}
        </button>
      </div>
      <p className="muted text-xs">{t("requests.sellingPriceHint")}</p>
      {state === "saved" && <p role="status" className="text-sm font-medium" data-testid="selling-price-saved">{t("requests.sellingPriceSaved")}</p>}
    </form>
  );
}
