/**
 * Top-up or withdrawal for one agency (DESIGN §5). The operation is a pair of radio-like buttons (a withdrawal is
 * the dangerous one), the amount is typed in major units, the note is required (it shows on the agency's
 * statement). A 402 is explained: a withdrawal can never take a balance below zero, with the balance now.
 */
import { useStore } from "@nanostores/react";
import { Minus, Plus } from "lucide-react";
import { Alert, Button, Dialog, Money, TextField } from "../../components/ui";
import { NumberField, moneyExample } from "../../components/ui/NumberInput";
import { useT } from "../../lib/i18n";
import { messageText } from "../kit/hooks";
import { AgencyPicker } from "../agents/AgencyPicker";
import type { BalanceDialog as Store, Operation } from "./balance-dialog.store";

const OPERATIONS: { value: Operation; label: string; icon: typeof Plus }[] = [
  { value: "ADD", label: "ledger.dialog.add", icon: Plus },
  { value: "SUBTRACT", label: "ledger.dialog.subtract", icon: Minus },
];

/** Loaded when the admin first opens it (React.lazy). */
export default function BalanceDialog({ dialog, currency }: { dialog: Store; currency: string }) {
  const t = useT();
  const state = useStore(dialog.$state);
  const error = (path: string) => messageText(t, state.errors[path]);
  const title = state.operation === "ADD" ? t("ledger.dialog.titleAdd") : t("ledger.dialog.titleSubtract");

  return (
    <Dialog
      open={state.open}
      onClose={dialog.close}
      title={title}
      description={state.agency ? state.agency.name : undefined}
      size="sm"
      testId="balance-dialog"
      footer={
        <>
          <Button onClick={dialog.close} disabled={state.pending}>{t("ui.cancel")}</Button>
          <Button variant={state.operation === "ADD" ? "primary" : "danger"} type="submit" form="balance-form" pending={state.pending} data-testid="balance-submit">
            {title}
          </Button>
        </>
      }
    >
      <form
        id="balance-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void dialog.submit();
        }}
      >
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t("ledger.dialog.operation")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {OPERATIONS.map(({ value, label, icon: Icon }) => (
              <label
                key={value}
                className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-[var(--radius-control)] border-[1.5px] px-3 font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 ${state.operation === value ? "border-primary-600 bg-primary-500/15" : "border-[var(--border)]"}`}
              >
                <input type="radio" name="operation" value={value} checked={state.operation === value} onChange={() => dialog.set("operation", value)} className="sr-only" data-testid={`operation-${value}`} />
                <Icon size={18} aria-hidden="true" />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>
        {!state.agency && (
          <AgencyPicker
            label={t("transactions.columns.agency")}
            value={state.agentId}
            onValue={(value) => {
              dialog.set("agentId", value);
              if (value) void dialog.readBalance(value).then((balance) => dialog.$state.get().agentId === value && dialog.$state.setKey("balance", balance));
            }}
            error={error("agentId")}
            required
            testId="balance-agency"
          />
        )}
        {state.balance !== null && (
          <p className="text-sm" data-testid="balance-now">
            {t("ledger.dialog.balanceNow")} <Money minor={state.balance} currency={currency} />
          </p>
        )}
        <NumberField
          label={t("ledger.dialog.amount")} hint={t("money.hint", { currency, example: moneyExample(currency) })} currency={currency}
          value={state.amount} onValue={(value) => dialog.set("amount", value)} error={error("amount")} required testId="balance-amount"
        />
        <TextField
          label={t("ledger.dialog.note")}
          hint={t("ledger.dialog.noteHint")}
          value={state.note}
          onValue={(value) => dialog.set("note", value)}
          error={error("note")}
          required
          rows={2}
          maxLength={500}
          testId="balance-note"
        />
        {state.problem?.kind === "insufficient" && (
          <Alert testId="balance-insufficient">
            <p className="font-semibold">{t("ledger.dialog.insufficient")}</p>
            <p>
              {state.problem.balance === null ? (
                t("ledger.dialog.insufficientHint")
              ) : (
                <>
                  {t("ledger.dialog.atMost")} <Money minor={state.problem.balance} currency={currency} />
                </>
              )}
            </p>
          </Alert>
        )}
        {state.problem?.kind === "noAnswer" && <Alert testId="balance-no-answer">{t("ledger.dialog.noAnswer")}</Alert>}
        {state.problem?.kind === "text" && <Alert testId="balance-problem">{state.problem.text}</Alert>}
        {error("") && <Alert>{error("")}</Alert>}
      </form>
    </Dialog>
  );
}
