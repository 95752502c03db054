/** The own account's state (account.store.ts holds it; AccountInformationView.tsx and the edge draw it). */
import type { AdminRecord, AgentRecord, UserRecord } from "../../contract/auth";

export type AccountState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; kind: "Agent"; agent: AgentRecord }
  | { status: "ready"; kind: "User"; user: UserRecord; agency: AgentRecord }
  | { status: "ready"; kind: "Admin"; admin: AdminRecord };

export type ReadyAccount = Extract<AccountState, { status: "ready" }>;
/** An account with a profile and a password of its own here (admins have theirs elsewhere). */
export type OwnAccount = Exclude<ReadyAccount, { kind: "Admin" }>;
