import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { cleanStores } from "nanostores";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAccount, setupAccountMenu } from "../../src/components/AccountMenu.client";
import AccountInformation from "../../src/features/auth/AccountInformation";
import { $account } from "../../src/features/auth/account.store";
import { pageMessages } from "./page-messages";
import { isSignedIn, signOutLocally, storedUser } from "../../src/lib/session";
import { $session, signIn } from "../../src/lib/session.store";
import { $toasts, clearToasts } from "../../src/lib/toast.store";
import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import { ADMIN, FakeApi, STAFF, SUNRISE, clearBrowserState, fieldError, openPage } from "./fake-api";

const server = new FakeApi();
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.reset();
  clearBrowserState();
  clearToasts();
  $account.set({ status: "loading" });
});
afterEach(() => {
  cleanup();
  cleanStores($session);
  document.body.innerHTML = "";
});

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

describe("/information for an agency", () => {
  beforeEach(async () => {
    openPage(server, "/en/information/");
    await signIn("agent", { email: SUNRISE.email, password: "Agent#2026" });
    server.hits = [];
  });

  it("shows the profile, group and balance (Intl currency in the page's language)", async () => {
    render(<AccountInformation locale="en" messages={pageMessages("en", "information", "AccountInformation")} />);
    expect(screen.getByTestId("account-loading")).toBeTruthy();
    await screen.findByTestId("account-information");
    expect(screen.getByTestId("account-balance-value").textContent).toBe("$2,500.00");
    expect(screen.getByTestId("account-group").textContent).toBe("Gold");
    expect(field("profile-name").value).toBe("Sunrise Travel");
    expect(field("profile-contactName").value).toBe("Layla Ahmed");
    expect(field("profile-city").value).toBe("Erbil");
    expect(server.apiHits("agents/currentAgentData")).toHaveLength(1);
  });

  it("writes the balance the Arabic way on an Arabic page", async () => {
    openPage(server, "/ar/information/");
    render(<AccountInformation locale="ar" messages={pageMessages("ar", "information", "AccountInformation")} />);
    const balance = await screen.findByTestId("account-balance-value");
    // The one rule (Arabic-Indic digits, Iraqi pattern), the Latin currency sign isolated so "US$" stays whole.
    expect(balance.textContent).toBe("\u200f٢٬٥٠٠٫٠٠\u00a0\u2068US$\u2069");
    expect(balance.textContent).not.toBe("$2,500.00");
  });

  it("saves the profile with PATCH agents and updates the signed-in name", async () => {
    render(<AccountInformation locale="en" messages={pageMessages("en", "information", "AccountInformation")} />);
    await screen.findByTestId("account-information");
    type("profile-name", "  Sunrise Travel & Tours ");
    type("profile-city", "Duhok");
    await act(async () => fireEvent.click(screen.getByTestId("profile-submit")));
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toEqual([en["account.saved"]]));
    expect(server.apiHits("agents")[0]).toMatchObject({
      method: "PATCH",
      body: { name: "Sunrise Travel & Tours", contactName: "Layla Ahmed", phone: "+964 750 123 4567", address: "Gulan Street 12", city: "Duhok", locale: "en" },
    });
    expect(storedUser()?.name).toBe("Sunrise Travel & Tours");
    expect($session.get().user?.name).toBe("Sunrise Travel & Tours");
    // The balance the page shows survives the save.
    expect(screen.getByTestId("account-balance-value").textContent).toBe("$2,500.00");
  });

  it("refuses a bad profile in the page's language before sending", async () => {
    openPage(server, "/ar/information/");
    render(<AccountInformation locale="ar" messages={pageMessages("ar", "information", "AccountInformation")} />);
    await screen.findByTestId("account-information");
    type("profile-phone", "abc");
    type("profile-contactName", "");
    await act(async () => fireEvent.click(screen.getByTestId("profile-submit")));
    await waitFor(() => expect(fieldError("profile-phone")).toBe(ar["validation.phone"]));
    expect(fieldError("profile-contactName")).toBe(ar["validation.required"]);
    expect(server.apiHits("agents")).toHaveLength(0);
  });

  it("changes the password; a wrong current password is shown under that field", async () => {
    render(<AccountInformation locale="en" messages={pageMessages("en", "information", "AccountInformation")} />);
    await screen.findByTestId("account-information");
    const send = () => act(async () => fireEvent.click(screen.getByTestId("password-submit")));

    await send();
    await waitFor(() => expect(fieldError("password-newPassword")).toBe(en["validation.required"]));

    type("password-newPassword", "Sunrise#2027");
    type("password-confirmPassword", "Sunrise#2028");
    await waitFor(() => expect(fieldError("password-currentPassword")).toBe(en["validation.currentPasswordRequired"]));
    expect(fieldError("password-confirmPassword")).toBe(en["auth.passwordsDiffer"]);
    expect(server.apiHits("agents")).toHaveLength(0);

    type("password-confirmPassword", "Sunrise#2027");
    type("password-currentPassword", "Not#2026");
    await send();
    await waitFor(() => expect(fieldError("password-currentPassword")).toBe(en["validation.currentPasswordWrong"]));
    expect(server.apiHits("agents")).toHaveLength(1);

    type("password-currentPassword", "Agent#2026");
    await send();
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toContain(en["account.passwordChanged"]));
    expect(server.apiHits("agents")[1]!.body).toEqual({ currentPassword: "Agent#2026", newPassword: "Sunrise#2027" });
    expect(server.accounts.get(SUNRISE.email)!.password).toBe("Sunrise#2027");
    expect(field("password-newPassword").value).toBe("");
  });
});

describe("/information for a staff member", () => {
  it("shows their own profile from Users/currentUserData, never any money, and saves with PATCH Users", async () => {
    openPage(server, "/en/information/");
    await signIn("agent", { email: STAFF.email, password: "Staff#2026" });
    render(<AccountInformation locale="en" messages={pageMessages("en", "information", "AccountInformation")} />);
    await screen.findByTestId("account-information");
    expect(screen.getByTestId("account-agency").textContent).toBe("Sunrise Travel");
    expect(screen.queryByTestId("account-balance-value")).toBeNull();
    expect(screen.queryByText(/\$|2,500/)).toBeNull();
    expect(field("profile-contactName")).toBeNull();
    expect(server.apiHits("Users/currentUserData")).toHaveLength(1);
    expect(server.apiHits("agents/currentAgentData")).toHaveLength(0);
    expect(server.apiHits("agents/balance")).toHaveLength(0);

    type("profile-name", "Karwan A. Aziz");
    await act(async () => fireEvent.click(screen.getByTestId("profile-submit")));
    await waitFor(() => expect(server.apiHits("Users")).toHaveLength(1));
    expect(server.apiHits("Users")[0]).toMatchObject({ method: "PATCH", body: { name: "Karwan A. Aziz", locale: "ku" } });
    expect(server.apiHits("Users")[0]!.body).not.toHaveProperty("phone");
  });
});

describe("header account menu", () => {
  const teardowns: (() => void)[] = [];
  afterEach(() => teardowns.splice(0).forEach((teardown) => teardown()));
  const MENU = `
    <div data-account>
      <a data-account-balance data-testid="chip" hidden><bdi data-amount></bdi></a>
      <span data-account-name="optional" data-testid="header-name" hidden></span>
    </div>
    <p data-account-name data-testid="menu-name">Account</p>
    <p data-account-email data-testid="menu-email" hidden></p>
    <button data-sign-out="agent" data-testid="sign-out">Sign out</button>`;

  it("shows the name and the balance for an agency", () => {
    document.body.innerHTML = MENU;
    openPage(server, "/en/");
    renderAccount({ user: { name: "Sunrise Travel", email: SUNRISE.email }, kind: "Agent", balance: { balance: 250000, currency: "USD" } });
    expect(screen.getByTestId("header-name").textContent).toBe("Sunrise Travel");
    expect(screen.getByTestId("header-name").hidden).toBe(false);
    expect(screen.getByTestId("menu-email").textContent).toBe(SUNRISE.email);
    expect(screen.getByTestId("chip").hidden).toBe(false);
    expect(screen.getByTestId("chip").textContent).toBe("$2,500.00");
  });

  it.each(["User", "Admin"])("never shows a balance for kind %s, even one left in the tab", (kind) => {
    document.body.innerHTML = MENU;
    openPage(server, "/en/");
    renderAccount({ user: { name: "Someone", email: "x@y.z" }, kind, balance: { balance: 250000, currency: "USD" } });
    expect(screen.getByTestId("menu-name").textContent).toBe("Someone");
    expect(screen.getByTestId("chip").hidden).toBe(true);
    expect(screen.getByTestId("chip").textContent).toBe("");
  });

  it("a header the edge drew stays as drawn: the session it came from is kept for the tab, nothing is asked or formatted", async () => {
    openPage(server, "/en/visa/");
    await signInInNewTab();
    server.hits = [];
    // As functions/edge/views/account-header.ts sends it: drawn (text the page's script must not touch) and the answer as JSON.
    const drawn = { kind: "Agent", agent: { _id: "a1", email: SUNRISE.email, name: "Sunrise Travel", balance: 123456, currency: "USD", lowBalanceThreshold: 5000 } };
    document.body.innerHTML = MENU.replace("<div data-account>", '<div data-account data-edge-filled="">')
      .replace('<bdi data-amount></bdi></a>', "<bdi data-amount>drawn $1,234.56</bdi></a>")
      .replace('data-testid="header-name" hidden></span>', 'data-testid="header-name">Sunrise Travel</span>')
      .concat(`<script type="application/json" id="account-data">${JSON.stringify(drawn)}</script>`);
    const balanceEvents = vi.fn();
    window.addEventListener("auth:balance", balanceEvents);
    teardowns.push(setupAccountMenu());
    teardowns.push(() => window.removeEventListener("auth:balance", balanceEvents));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.hits).toHaveLength(0);
    expect(screen.getByTestId("chip").textContent).toBe("drawn $1,234.56");
    expect(balanceEvents).not.toHaveBeenCalled();
    // Kept for the page's islands and the next pages, as a session answer is.
    expect(storedUser()?.name).toBe("Sunrise Travel");
    expect(JSON.parse(sessionStorage.getItem("auth.balance")!)).toMatchObject({ balance: 123456, currency: "USD" });
    // Money moved on the page: the header is redrawn from what the page stored.
    sessionStorage.setItem("auth.balance", JSON.stringify({ balance: 100, currency: "USD", at: Date.now() }));
    window.dispatchEvent(new Event("auth:balance"));
    expect(screen.getByTestId("chip").textContent).toBe("$1.00");
  });

  it("a drawn mark without readable data falls back to asking (nothing is trusted that cannot be read)", async () => {
    openPage(server, "/en/visa/");
    await signInInNewTab();
    server.hits = [];
    document.body.innerHTML = MENU.replace("<div data-account>", '<div data-account data-edge-filled="">').concat('<script type="application/json" id="account-data">{not json</script>');
    teardowns.push(setupAccountMenu());
    await waitFor(() => expect(screen.getByTestId("chip").textContent).toBe("$2,500.00"));
    // Both calls of a new tab (and nothing left running into the next test).
    await waitFor(() => expect(server.hits.map((h) => h.path).sort()).toEqual(["/api/agents/balance", "/api/auth/session"]));
  });

  /** Signed in as the agency, in a tab that has not stored the account yet (a new tab). */
  async function signInInNewTab() {
    await signIn("agent", { email: SUNRISE.email, password: "Agent#2026" });
    sessionStorage.clear();
    $session.set({ user: null, kind: null, isAdmin: false, balance: null });
  }

  it("fetches the user and balance in a new tab, then shows them", async () => {
    openPage(server, "/en/visa/");
    await signInInNewTab();
    server.hits = [];
    document.body.innerHTML = MENU;
    teardowns.push(setupAccountMenu());
    await waitFor(() => expect(screen.getByTestId("header-name").textContent).toBe("Sunrise Travel"));
    await waitFor(() => expect(screen.getByTestId("chip").textContent).toBe("$2,500.00"));
    await waitFor(() => expect(server.hits.map((h) => h.path).sort()).toEqual(["/api/agents/balance", "/api/auth/session"]));
  });

  it("in a new tab whose access-token cookie lapsed before the script ran, renews it and still shows the user and balance", async () => {
    openPage(server, "/en/visa/");
    await signInInNewTab();
    document.cookie = "auth.accessToken=; Path=/; Max-Age=0";
    server.hits = [];
    document.body.innerHTML = MENU;
    teardowns.push(setupAccountMenu());
    await waitFor(() => expect(screen.getByTestId("header-name").textContent).toBe("Sunrise Travel"));
    await waitFor(() => expect(screen.getByTestId("chip").textContent).toBe("$2,500.00"));
    // Spec §4's path: the call without a token is refused, the session is refreshed once, the call goes again.
    await waitFor(() => expect(server.hits.map((h) => h.path).sort()).toEqual(["/api/agents/balance", "/api/auth/refreshAgentToken", "/api/auth/session", "/api/auth/session"]));
    expect(isSignedIn()).toBe(true);
  });

  it("an account answer that arrives after the sign-out is not kept in the tab", async () => {
    openPage(server, "/en/information/");
    await signInInNewTab();
    server.hits = [];
    server.delay = 150;
    document.body.innerHTML = MENU;
    teardowns.push(setupAccountMenu());
    await waitFor(() => expect(server.hits.map((h) => h.path)).toContain("/api/auth/session"));
    signOutLocally("Agent", "en"); // the reader signed out while the header was asking who they are
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(storedUser()).toBeNull();
    expect(screen.getByTestId("header-name").textContent).not.toBe("Sunrise Travel");
  });

  it("asks nothing when the tab already knows the user and a fresh balance", async () => {
    openPage(server, "/en/visa/");
    await signIn("agent", { email: SUNRISE.email, password: "Agent#2026" });
    server.hits = [];
    document.body.innerHTML = MENU;
    teardowns.push(setupAccountMenu());
    expect(screen.getByTestId("chip").textContent).toBe("$2,500.00");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.hits).toHaveLength(0);
  });

  it("signs out from the menu: server logout, then the login page of the page's language", async () => {
    openPage(server, "/ar/visa/");
    await signIn("agent", { email: SUNRISE.email, password: "Agent#2026" });
    document.body.innerHTML = MENU;
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
    try {
      teardowns.push(setupAccountMenu());
      fireEvent.click(screen.getByTestId("sign-out"));
      await waitFor(() => expect(replace).toHaveBeenCalledWith("/ar/login/"));
      expect(server.apiHits("auth/logout")).toHaveLength(1);
      expect(isSignedIn()).toBe(false);
    } finally {
      replace.mockRestore();
    }
  });

  it("reloads a page restored from the back/forward cache after a logout, so the guard can send it away", async () => {
    openPage(server, "/en/information/");
    document.documentElement.dataset.route = "information";
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    let teardown = () => {};
    try {
      await signIn("agent", { email: SUNRISE.email, password: "Agent#2026" });
      teardown = setupAccountMenu();
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
      expect(reload).not.toHaveBeenCalled();
      document.cookie = "auth.accessToken=; Path=/; Max-Age=0";
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
      expect(reload).not.toHaveBeenCalled();
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      teardown();
      reload.mockRestore();
      delete document.documentElement.dataset.route;
    }
  });
});

describe("admins", () => {
  it("see their own name and email on /information, and no forms", async () => {
    openPage(server, "/en/information/");
    await signIn("admin", { email: ADMIN.email, password: "Admin#2026" });
    render(<AccountInformation locale="en" messages={pageMessages("en", "information", "AccountInformation")} />);
    await screen.findByTestId("account-information");
    expect(screen.getByText("Platform Admin")).toBeTruthy();
    expect(screen.queryByTestId("profile-form")).toBeNull();
    expect(screen.queryByTestId("account-balance-value")).toBeNull();
  });
});

describe("header low-balance warning", () => {
  const header = () => {
    document.body.innerHTML = `<div data-account><a data-account-balance hidden><bdi data-amount></bdi></a><a data-low-balance hidden></a></div>`;
    return document.querySelector<HTMLElement>("[data-low-balance]")!;
  };
  const user = { name: "Sunrise Travel", email: "agent@sunrise.example", lowBalanceThreshold: 5000 };
  const balance = (minor: number) => ({ balance: minor, currency: "USD", at: Date.now() });

  it("shows for an agency under its group's threshold, and hides again once the balance is back over it", () => {
    const warning = header();
    renderAccount({ user, kind: "Agent", balance: balance(4999) });
    expect(warning.hidden).toBe(false);
    renderAccount({ user, kind: "Agent", balance: balance(5000) });
    expect(warning.hidden).toBe(true);
  });

  it("never shows without a threshold, for staff, or without a balance", () => {
    const warning = header();
    renderAccount({ user: { ...user, lowBalanceThreshold: null }, kind: "Agent", balance: balance(0) });
    expect(warning.hidden).toBe(true);
    renderAccount({ user, kind: "User", balance: balance(0) });
    expect(warning.hidden).toBe(true);
    renderAccount({ user, kind: "Agent", balance: null });
    expect(warning.hidden).toBe(true);
  });
});
