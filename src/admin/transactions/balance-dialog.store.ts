/**
 * The admin's top-up and withdrawal dialog (transactions/update-balance/{agentId}, DESIGN §5): which agency, ADD or
 * SUBTRACT, an amount typed in major units (sent as integer minor units), a note. Checked with the API's own schema
 * first. Each submission carries an Idempotency-Key: a retry of the same input after no answer (or a 5xx) reuses
 * it, so the money moves at most once; a changed input or a definite answer starts a new one. A withdrawal past the
 * balance is a 402 (nothing written): it is explained with the agency's balance, read again.
 */
import { FetchError } from "ofetch";
import { map } from "nanostores";
import type { BalanceUpdate, TransactionListResponse, UpdateBalanceInput } from "../../contract/transactions";
import { api } from "../../lib/api";
import { serverErrors, zodErrors, type FieldErrors } from "../kit/form.store";
import { parseMoney } from "../../components/ui/numbers";
import type { HttpLike } from "../kit/resource.store";

export type Operation = UpdateBalanceInput["operation"];

export interface Agency {
  _id: string;
  name: string;
}

export type Problem =
  | { kind: "insufficient"; balance: number | null }
  | { kind: "noAnswer" }
  | { kind: "text"; text: string };

export interface BalanceDialogState {
  open: boolean;
  /** Known when opened from a row (name shown); else the id typed in. */
  agency: Agency | null;
  agentId: string;
  operation: Operation;
  amount: string;
  note: string;
  errors: FieldErrors;
  pending: boolean;
  problem: Problem | null;
  /** The agency's balance now (minor units), when known. */
  balance: number | null;
}

const INITIAL: BalanceDialogState = {
  open: false, agency: null, agentId: "", operation: "ADD", amount: "", note: "", errors: {}, pending: false, problem: null, balance: null,
};

export interface BalanceDialogOptions {
  http?: HttpLike & { post: HttpLike["post"] };
  currency?: () => string;
  newKey?: () => string;
  /** After the money moved (reload the ledger, tell the user). */
  onDone?: (answer: BalanceUpdate, input: UpdateBalanceInput) => void;
}

export const newIdempotencyKey = () => crypto.randomUUID();

/** The API's schemas (zod) load with the first submission, not with the ledger page. */
const schemas = () => Promise.all([import("../../contract/transactions"), import("../../contract/common")]);

export function createBalanceDialog(options: BalanceDialogOptions = {}) {
  const http = options.http ?? api;
  const currency = options.currency ?? (() => "USD");
  const newKey = options.newKey ?? newIdempotencyKey;
  const $state = map<BalanceDialogState>({ ...INITIAL });
  /** The key of the last attempt and the body it was sent with. */
  let attempt: { key: string; body: string } | null = null;

  function set<K extends keyof BalanceDialogState>(field: K, value: BalanceDialogState[K]): void {
    const { errors } = $state.get();
    const { [field as string]: _gone, ...rest } = errors;
    $state.set({ ...$state.get(), [field]: value, errors: rest, problem: null });
  }

  async function readBalance(agentId: string): Promise<number | null> {
    try {
      const answer = await http.get<TransactionListResponse>("transactions/findAllByAdmin", { query: { agentId, page: 1, limit: 1 } });
      return answer.balance ?? null;
    } catch {
      return null;
    }
  }

  function open(agency: Agency | null = null, operation: Operation = "ADD"): void {
    attempt = null;
    $state.set({ ...INITIAL, open: true, agency, agentId: agency?._id ?? "", operation });
    if (agency) void readBalance(agency._id).then((balance) => $state.get().agentId === agency._id && $state.setKey("balance", balance));
  }

  function close(): void {
    if ($state.get().pending) return;
    attempt = null;
    $state.set({ ...INITIAL });
  }

  /** The API input, or the field errors (message keys) that stop it. */
  async function input(): Promise<{ agentId: string; body: UpdateBalanceInput } | { errors: FieldErrors }> {
    const [{ updateBalanceInput }, { id: idSchema }] = await schemas();
    const state = $state.get();
    const errors: FieldErrors = {};
    const agentId = state.agentId.trim();
    if (!idSchema.safeParse(agentId).success) errors.agentId = { key: agentId ? "validation.id" : "validation.required" };
    const amount = parseMoney(state.amount, currency());
    const minor = amount.value ?? null;
    if (amount.problem) errors.amount = { key: amount.problem };
    else if (minor === null) errors.amount = { key: "validation.required" };
    const body = { operation: state.operation, amount: minor ?? 0, note: state.note };
    const parsed = updateBalanceInput.safeParse(body);
    if (!parsed.success) for (const [path, message] of Object.entries(zodErrors(parsed.error))) errors[path] ??= message;
    if (Object.keys(errors).length || !parsed.success) return { errors };
    return { agentId, body: parsed.data };
  }

  /** The key for this body: the last one again when the same body is sent again (a retry), else a new one. */
  function keyFor(agentId: string, body: UpdateBalanceInput): string {
    const text = JSON.stringify([agentId, body]);
    if (!attempt || attempt.body !== text) attempt = { key: newKey(), body: text };
    return attempt.key;
  }

  async function submit(): Promise<boolean> {
    if ($state.get().pending) return false;
    const checked = await input();
    if ("errors" in checked) {
      $state.set({ ...$state.get(), errors: checked.errors, problem: null });
      return false;
    }
    const { agentId, body } = checked;
    const key = keyFor(agentId, body);
    $state.set({ ...$state.get(), pending: true, errors: {}, problem: null });
    try {
      const answer = await http.post<BalanceUpdate>(`transactions/update-balance/${encodeURIComponent(agentId)}`, body, { headers: { "Idempotency-Key": key } });
      attempt = null;
      $state.set({ ...INITIAL });
      options.onDone?.(answer, body);
      return true;
    } catch (error) {
      const status = error instanceof FetchError ? error.status : undefined;
      // No answer, or the server failed: the money may or may not have moved, so the same key goes with the retry.
      const definite = status !== undefined && status < 500;
      if (definite) attempt = null;
      let problem: Problem | null = null;
      let errors: FieldErrors = {};
      if (status === 402) problem = { kind: "insufficient", balance: await readBalance(agentId) };
      else if (status === 400) errors = serverErrors(error) ?? {};
      else if (status === 404) errors = { agentId: { key: "ledger.dialog.noAgency" } };
      else if (!definite) problem = { kind: "noAnswer" };
      else {
        const message = (error as FetchError).data?.message;
        problem = { kind: "text", text: Array.isArray(message) ? message.join(" ") : String(message ?? (error as Error).message) };
      }
      $state.set({ ...$state.get(), pending: false, errors, problem, ...(problem?.kind === "insufficient" ? { balance: problem.balance } : {}) });
      return false;
    }
  }

  return { $state, set, open, close, input, submit, readBalance };
}

export type BalanceDialog = ReturnType<typeof createBalanceDialog>;
