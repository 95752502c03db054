/**
 * The signed-in person (spec §3–4, DESIGN §3) as a store, and the actions that change it. Components render
 * `$session`; they never call the auth endpoints themselves.
 *
 * Signed in = the access-token cookie is present (isSignedIn in session.ts). The refresh token is an HttpOnly
 * cookie scripts never see; `auth.kind` tells which refresh call renews it. `auth.user` and `auth.balance` live in
 * sessionStorage, so a new tab fetches them again (loadSession).
 */
import { map, onMount } from "nanostores";
import type { AgentRecord, BalanceResponse, LoginInput, SessionKindName, SessionResponse } from "../contract/auth";
import { sessionRecordOf, type SessionInfo, type SessionRecord } from "./account-view";
import { api } from "./api";
import { adminFlag, hasSession, isSignedIn, loginPath, sessionKind, storeBalance, storeUser, storedBalance, storedUser } from "./session";
import { LOGOUT_TIMEOUT_MS, endSession, type SignOutOptions } from "./sign-out";

export type { SessionInfo, SessionRecord };

export interface SessionState {
  /** The agent, staff user or admin record of the login answer. */
  user: SessionRecord | null;
  kind: SessionKindName | null;
  isAdmin: boolean;
  /** Agents only: minor units of `currency` (DESIGN §5). Kept after logout, as spec §4 says. */
  balance: BalanceResponse | null;
}


/** The session as this tab knows it, from the cookies and sessionStorage. */
export function readLocalSession(): SessionState {
  const kind = sessionKind();
  // Staff and admins hold no money; after a logout (no kind) the last agency balance stays, as spec §4 says.
  const balance = kind === "User" || kind === "Admin" ? null : storedBalance();
  return {
    user: storedUser<SessionRecord>(),
    kind,
    isAdmin: adminFlag(),
    balance: balance && { balance: balance.balance, currency: balance.currency },
  };
}

/** The signed-in person. Starts empty (the same on the server and in the first client render), then reads the tab. */
export const $session = map<SessionState>({ user: null, kind: null, isAdmin: false, balance: null });

/** Reads cookies and sessionStorage into $session again (on start, and when a page comes back from the bfcache). */
export function syncSession(): SessionState {
  const state = readLocalSession();
  $session.set(state);
  return state;
}


/** Keeps what a login or session answer says about the person; an agent's balance comes along when present. */
function applySession(answer: SessionInfo): SessionState {
  // An answer that arrives after a sign-out in this tab (the header asked who is signed in just before) is about a
  // session that has ended: kept, it would put the account back into the tab the sign-in page then opens in.
  if (!hasSession()) return $session.get();
  const user = sessionRecordOf(answer);
  storeUser(user);
  let balance = answer.kind === "Agent" ? $session.get().balance : null;
  if (answer.kind === "Agent" && typeof answer.agent?.balance === "number" && answer.agent.currency) {
    balance = { balance: answer.agent.balance, currency: answer.agent.currency };
    storeBalance(balance);
  }
  const state: SessionState = { user, kind: answer.kind, isAdmin: answer.kind === "Admin" || adminFlag(), balance };
  $session.set(state);
  return state;
}

/**
 * Signs an agency (or one of its staff: the same call answers kind "User") or an admin in. The edge turns the
 * answer into the session cookies; this keeps the record and, for an agency, its balance.
 */
export async function signIn(kind: "agent" | "admin", input: LoginInput): Promise<SessionState> {
  // No toast: the sign-in form shows every refusal inline (noticeFor), once.
  const answer = await api.post<SessionResponse>(kind === "admin" ? "auth/loginAdmin" : "auth/loginAgent", input, { notify: false });
  const state = applySession(answer);
  if (state.kind === "Agent" && !state.balance) await refreshBalance().catch(() => null);
  return $session.get();
}

let loading: Promise<SessionState> | null = null;

/**
 * Makes sure $session knows who is signed in: from sessionStorage when this tab has it, else (a new tab) from
 * GET auth/session. Concurrent callers share one request. Without any session cookie there is nobody to load.
 */
export function loadSession(): Promise<SessionState> {
  const local = syncSession();
  if (local.user || (!isSignedIn() && !local.kind)) return Promise.resolve(local);
  loading ??= api
    .get<SessionInfo>("auth/session")
    .then(applySession)
    .finally(() => {
      loading = null;
    });
  return loading;
}

// Whatever reads the session (an island's useStore) gets it filled in: from the tab (the header's script keeps what
// the edge drew it from, AccountMenu.client.ts) or fetched once. Nothing else is bound to have loaded it first.
onMount($session, () => {
  void loadSession().catch((error: unknown) => console.debug("session not loaded", error));
});

/** Agents only (staff and admins never see money): reads the balance again and keeps it. */
export async function refreshBalance(): Promise<BalanceResponse | null> {
  const kind = $session.get().kind ?? sessionKind();
  if (kind !== "Agent") return null;
  const balance = await api.get<BalanceResponse>("agents/balance");
  if (!hasSession()) return null; // signed out meanwhile (see applySession)
  storeBalance(balance);
  $session.setKey("balance", { balance: balance.balance, currency: balance.currency });
  return balance;
}

/** Replaces the signed-in record after the person edited their own profile (PATCH agents, PATCH Users). */
export function updateSessionUser(user: SessionRecord): void {
  storeUser(user);
  $session.setKey("user", user);
  const agent = user as AgentRecord;
  if ($session.get().kind === "Agent" && typeof agent.balance === "number" && agent.currency) {
    storeBalance({ balance: agent.balance, currency: agent.currency });
    $session.setKey("balance", { balance: agent.balance, currency: agent.currency });
  }
}

export { LOGOUT_TIMEOUT_MS, type SignOutOptions };

/**
 * Spec §4 logout (src/lib/sign-out.ts): ends the server session (best effort), then clears the access token, user,
 * admin flag and kind; the balance stays. Agents and staff go to /{lang}/login/, admins to /{lang}/admin/login/.
 * Answers that path.
 */
export function signOut(options: SignOutOptions = {}): Promise<string> {
  const kind = options.kind ?? $session.get().kind ?? sessionKind() ?? (adminFlag() ? "Admin" : "Agent");
  return endSession({ ...options, kind }, () => $session.set({ user: null, kind: null, isAdmin: false, balance: $session.get().balance }));
}

export { loginPath };
