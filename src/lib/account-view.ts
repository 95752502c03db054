/**
 * What the header's account menu shows (src/components/AccountMenu.astro), one rule for both places that draw it:
 * the edge, into the page for the signed-in viewer (functions/edge/views/account-header.ts), and AccountMenu.client.ts when the
 * session changes in the page (a filing charged the balance) or the edge could not draw it. The name, the email, the
 * balance for agencies only (never staff or admins), and the warning under the group's low-balance threshold.
 */
import type { AdminRecord, AgentRecord, BalanceResponse, SessionKindName, SessionResponse, UserRecord } from "../contract/auth";
import { formatMoney } from "../components/ui/format";
import { creditShown } from "../shared/credit";

export type SessionRecord = AgentRecord | UserRecord | AdminRecord;

/** What GET auth/session answers: the login answer without tokens. */
export type SessionInfo = Omit<SessionResponse, "access_token" | "refresh_token">;

export interface AccountView {
  /** An agency's record carries its group's low-balance threshold (with its balance; never for staff). */
  user: (Pick<SessionRecord, "name" | "email"> & { lowBalanceThreshold?: number | null }) | null;
  kind: string | null;
  balance: Pick<BalanceResponse, "balance" | "currency" | "credit"> | null;
}

/** The record a session answer is about: the admin, the staff user, or the agency. */
export function sessionRecordOf(answer: SessionInfo): SessionRecord | null {
  if (answer.kind === "Admin") return answer.admin ?? null;
  if (answer.kind === "User") return answer.user ?? null;
  return answer.agent ?? null;
}

/** An agency's balance from its session answer (staff and admins hold none). */
export function sessionBalanceOf(answer: SessionInfo): Pick<BalanceResponse, "balance" | "currency" | "credit"> | null {
  const agent = answer.kind === "Agent" ? answer.agent : undefined;
  return agent && typeof agent.balance === "number" && agent.currency
    ? { balance: agent.balance, currency: agent.currency, ...(agent.credit ? { credit: agent.credit } : {}) }
    : null;
}

export interface AccountShown {
  name: string | null;
  email: string | null;
  /** The balance in the page's language, agencies only. */
  money: string | null;
  /** Under the group's threshold. */
  low: boolean;
  /** With a credit line or a debt (issue 30): what the agency can spend (balance + credit), and what it owes (null: nothing). */
  available: string | null;
  debt: string | null;
}

export function accountShown(view: AccountView, locale: string): AccountShown {
  const money = view.kind === "Agent" && view.balance ? formatMoney(view.balance.balance, view.balance.currency, locale) : null;
  const threshold = view.user?.lowBalanceThreshold;
  const credit = view.balance?.credit;
  return {
    name: view.user?.name || null,
    email: view.user?.email || null,
    money,
    low: money !== null && typeof threshold === "number" && view.balance!.balance < threshold,
    available: money !== null && creditShown(credit) ? formatMoney(credit.available, view.balance!.currency, locale) : null,
    debt: money !== null && credit && credit.debt > 0 ? formatMoney(credit.debt, view.balance!.currency, locale) : null,
  };
}

/** The id of the JSON element the edge writes the viewer's session answer into (the header drawn from it). */
export const ACCOUNT_DATA_ID = "account-data";
