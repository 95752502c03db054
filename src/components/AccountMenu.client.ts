/**
 * The header's account menu, without React (it is on every signed-in page, so it stays a few hundred bytes):
 * - shows the signed-in name, and the balance for agencies only (never for staff or admins), from sessionStorage,
 *   with a warning when it is under the group's low-balance threshold (kept in the agency's stored record);
 *   when this tab has no user yet (a new tab) or the balance is stale, loads the session store lazily to fetch them;
 * - sign-out (spec §4) through the store's signOut;
 * - after a logout, Back must not show the account again: a page restored from the back/forward cache without an
 *   access token reloads, so the edge guard sends it to the login page.
 */
import type { BalanceResponse } from "../contract/auth";
import { BALANCE_EVENT, formatBalance, hasSession, isSignedIn, sessionKind, storedBalance, storedUser, type SessionUser } from "../lib/session";

/** A balance older than this is read again when a page opens (money moves while the agent works). */
export const BALANCE_MAX_AGE_MS = 60_000;

/** Pages that are open without a session: nothing to hide there. */
const OPEN_ROUTES = new Set(["login", "admin-login", "register", "invite"]);

interface AccountView {
  /** An agency's record carries its group's low-balance threshold (with its balance; never for staff). */
  user: (Pick<SessionUser, "name" | "email"> & { lowBalanceThreshold?: number | null }) | null;
  kind: string | null;
  balance: BalanceResponse | null;
}

const locale = () => document.documentElement.dataset.locale ?? "en";

/** Writes the name and (agencies only) the balance into every [data-account-*] element of the page. */
export function renderAccount(view: AccountView, root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-account-name]")) {
    if (view.user?.name) element.textContent = view.user.name;
    element.hidden = !view.user?.name && element.dataset.accountName === "optional";
  }
  for (const element of root.querySelectorAll<HTMLElement>("[data-account-email]")) {
    element.textContent = view.user?.email ?? "";
    element.hidden = !view.user?.email;
  }
  const money = view.kind === "Agent" && view.balance ? formatBalance(view.balance.balance, view.balance.currency, locale()) : null;
  for (const element of root.querySelectorAll<HTMLElement>("[data-account-balance]")) {
    const amount = element.querySelector<HTMLElement>("[data-amount]") ?? element;
    amount.textContent = money ?? "";
    element.hidden = !money;
  }
  // Under the group's threshold: the warning next to the balance (re-evaluated on every balance change).
  const threshold = view.user?.lowBalanceThreshold;
  const low = money !== null && typeof threshold === "number" && view.balance!.balance < threshold;
  for (const element of root.querySelectorAll<HTMLElement>("[data-low-balance]")) element.hidden = !low;
}

function needsSession(): boolean {
  const { route = "", layout = "" } = document.documentElement.dataset;
  return layout !== "error" && !OPEN_ROUTES.has(route);
}

/** Wires the menu of the page; answers a function that removes the page-level listener again (tests). */
export function setupAccountMenu(): () => void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-sign-out]")) {
    button.addEventListener("click", () => {
      button.disabled = true;
      const fallback = button.dataset.signOut === "admin" ? "Admin" : "Agent";
      void import("../lib/session.store").then(({ signOut }) => signOut({ kind: sessionKind() ?? fallback, locale: locale() }));
    });
  }

  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted || !needsSession()) return;
    if (!isSignedIn()) location.reload();
    else renderAccount({ user: storedUser(), kind: sessionKind(), balance: storedBalance() });
  };
  window.addEventListener("pageshow", onPageShow);
  // Money moved on this page (a filing, a cancel's refund): show the balance the page stored.
  const onBalance = () => renderAccount({ user: storedUser(), kind: sessionKind(), balance: storedBalance() });
  window.addEventListener(BALANCE_EVENT, onBalance);
  const teardown = () => {
    window.removeEventListener("pageshow", onPageShow);
    window.removeEventListener(BALANCE_EVENT, onBalance);
  };

  // Not isSignedIn(): an access token that lapsed before this script ran (a slow load) is renewed by the first call.
  if (!document.querySelector("[data-account]") || !hasSession()) return teardown;
  const kind = sessionKind();
  const user = storedUser();
  const balance = storedBalance();
  renderAccount({ user, kind, balance });
  const staleBalance = kind === "Agent" && (!balance || Date.now() - balance.at > BALANCE_MAX_AGE_MS);
  if (user && !staleBalance) return teardown;
  void import("../lib/session.store").then(async ({ $session, loadSession, refreshBalance }) => {
    $session.listen((state) => renderAccount(state));
    try {
      if (!user) await loadSession();
      if (staleBalance) await refreshBalance();
    } catch (error) {
      // The HTTP client has shown the notice (or logged the session out); the header keeps what it has.
      console.debug("account summary not loaded", error);
    }
  });
  return teardown;
}
