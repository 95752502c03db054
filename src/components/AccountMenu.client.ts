/**
 * The header's account menu, without React (it is on every signed-in page, so it stays a few hundred bytes):
 * - the signed-in name, and the balance for agencies only (never for staff or admins), with a warning when it is
 *   under the group's low-balance threshold (kept in the agency's stored record). The edge draws them into the page
 *   (functions/edge/views/account-header.ts, the same rule: lib/account-view.ts) and writes the session it drew them from, which
 *   this keeps for the page's islands and the next pages, formatting nothing at start (a page's first Intl number
 *   format is one long task on a phone, issue 9). Where the edge did not draw them (an error page), they come from
 *   sessionStorage, or the session store is loaded lazily to fetch them (a new tab, a stale balance);
 * - sign-out (spec §4) through the store's signOut;
 * - after a logout, Back must not show the account again: a page restored from the back/forward cache without an
 *   access token reloads, so the edge guard sends it to the login page.
 */
import { ACCOUNT_DATA_ID, accountShown, sessionBalanceOf, sessionRecordOf, type AccountView, type SessionInfo } from "../lib/account-view";
import { BALANCE_EVENT, hasSession, isSignedIn, sessionKind, storeBalance, storeUser, storedBalance, storedUser } from "../lib/session";

/** A balance older than this is read again when a page opens (money moves while the agent works). */
export const BALANCE_MAX_AGE_MS = 60_000;

/** Pages that are open without a session: nothing to hide there. */
const OPEN_ROUTES = new Set(["login", "admin-login", "register", "invite"]);

const locale = () => document.documentElement.dataset.locale ?? "en";

/** Writes the name and (agencies only) the balance into every [data-account-*] element of the page. */
export function renderAccount(view: AccountView, root: ParentNode = document): void {
  const shown = accountShown(view, locale());
  for (const element of root.querySelectorAll<HTMLElement>("[data-account-name]")) {
    if (shown.name) element.textContent = shown.name;
    element.hidden = !shown.name && element.dataset.accountName === "optional";
  }
  for (const element of root.querySelectorAll<HTMLElement>("[data-account-email]")) {
    element.textContent = shown.email ?? "";
    element.hidden = !shown.email;
  }
  // The balance, and with a credit line what is available and what is owed (issue 30).
  for (const [selector, text] of [["[data-account-balance]", shown.money], ["[data-account-available]", shown.available], ["[data-account-debt]", shown.debt]] as const) {
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const amount = element.querySelector<HTMLElement>("[data-amount]") ?? element;
      amount.textContent = text ?? "";
      element.hidden = !text;
    }
  }
  // Under the group's threshold: the warning next to the balance (re-evaluated on every balance change).
  for (const element of root.querySelectorAll<HTMLElement>("[data-low-balance]")) element.hidden = !shown.low;
}

/** The session the edge drew this page's header from (functions/edge/views/account-header.ts), when it did. */
function drawnSession(): SessionInfo | null {
  if (!document.querySelector("[data-account][data-edge-filled]")) return null;
  const text = document.getElementById(ACCOUNT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const answer = JSON.parse(text) as SessionInfo;
    return typeof answer?.kind === "string" ? answer : null;
  } catch {
    return null;
  }
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
  const drawn = drawnSession();
  if (drawn) {
    // Drawn for this viewer just now: kept as a session answer would be (session.store.ts applySession), shown as is.
    storeUser(sessionRecordOf(drawn));
    const balance = sessionBalanceOf(drawn);
    if (balance) storeBalance(balance, { announce: false });
    return teardown;
  }
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
