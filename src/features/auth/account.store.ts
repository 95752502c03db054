/**
 * The signed-in person's own account (/{lang}/information): an agency's profile, group and balance, or a staff
 * member's profile (DESIGN §3: staff never see money), and the actions that change them.
 */
import { atom } from "nanostores";
import type { AdminRecord, UpdateAgentInput, UpdateUserInput } from "../../contract/auth";
import { loadSession, updateSessionUser } from "../../lib/session.store";
import { fetchCurrentAgent, fetchCurrentUser, updateAgent, updateUser } from "./api";

import type { AccountState } from "./account-state";

export type { AccountState, ReadyAccount } from "./account-state";

export const $account = atom<AccountState>({ status: "loading" });

/** Loads whoever is signed in, with the record their kind reads (agents/currentAgentData or Users/currentUserData). */
export async function loadAccount(): Promise<AccountState> {
  $account.set({ status: "loading" });
  try {
    const session = await loadSession();
    let state: AccountState;
    if (session.kind === "User") {
      const { user, agent } = await fetchCurrentUser();
      updateSessionUser(user);
      state = { status: "ready", kind: "User", user, agency: agent };
    } else if (session.kind === "Admin") {
      state = { status: "ready", kind: "Admin", admin: session.user as AdminRecord };
    } else {
      const agent = await fetchCurrentAgent();
      updateSessionUser(agent);
      state = { status: "ready", kind: "Agent", agent };
    }
    $account.set(state);
    return state;
  } catch (error) {
    console.debug("account not loaded", error);
    $account.set({ status: "error" });
    return $account.get();
  }
}

/** Saves the profile (or the password: the same calls, DESIGN §4) of the agency or staff member signed in. */
export async function saveAccount(input: UpdateAgentInput | UpdateUserInput): Promise<void> {
  const state = $account.get();
  if (state.status !== "ready" || state.kind === "Admin") return;
  if (state.kind === "Agent") {
    const saved = await updateAgent(input as UpdateAgentInput);
    // A staff-shaped answer (no balance) must not wipe the balance the page shows.
    const agent = { ...state.agent, ...saved };
    updateSessionUser(agent);
    $account.set({ ...state, agent });
  } else {
    const user = await updateUser(input as UpdateUserInput);
    updateSessionUser(user);
    $account.set({ ...state, user });
  }
}
