import { cleanStores } from "nanostores";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../src/lib/api";
import { readCookie } from "../../src/lib/cookies";
import { isSignedIn, storedBalance, storedUser } from "../../src/lib/session";
import { $session, loadSession, refreshBalance, signIn, signOut, syncSession } from "../../src/lib/session.store";
import { $toasts, clearToasts } from "../../src/lib/toast.store";
import { ADMIN, FakeApi, STAFF, SUNRISE, clearBrowserState, openPage } from "./fake-api";
import { embedToaster } from "./page-messages";

const server = new FakeApi();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => {
  server.reset();
  clearBrowserState();
  clearToasts();
  openPage(server, "/en/");
});
afterEach(() => cleanStores($session));

const agentLogin = { email: SUNRISE.email, password: "Agent#2026" };

describe("signIn", () => {
  it("signs an agency in: cookie session, user and balance in sessionStorage, the store filled", async () => {
    const state = await signIn("agent", agentLogin);
    expect(isSignedIn()).toBe(true);
    expect(document.cookie).toContain("auth.kind=Agent");
    expect(document.cookie).not.toContain("refresh");
    expect(state).toMatchObject({ kind: "Agent", isAdmin: false, user: { name: "Sunrise Travel" }, balance: { balance: 250000, currency: "USD" } });
    expect(JSON.parse(sessionStorage.getItem("auth.user")!)).toMatchObject({ _id: SUNRISE._id, name: "Sunrise Travel" });
    expect(storedBalance()).toMatchObject({ balance: 250000, currency: "USD" });
    expect(server.apiHits("auth/loginAgent")[0]!.body).toEqual(agentLogin);
  });

  it("signs a staff member in through the agent login, as kind User, without any money", async () => {
    const state = await signIn("agent", { email: STAFF.email, password: "Staff#2026" });
    expect(state).toMatchObject({ kind: "User", user: { _id: STAFF._id, name: STAFF.name }, balance: null });
    expect(storedBalance()).toBeNull();
    expect(server.apiHits("agents/balance")).toHaveLength(0);
  });

  it("signs an admin in through the admin login, with the admin flag", async () => {
    const state = await signIn("admin", { email: ADMIN.email, password: "Admin#2026" });
    expect(state).toMatchObject({ kind: "Admin", isAdmin: true, user: { name: "Platform Admin" } });
    expect(server.apiHits("auth/loginAdmin")).toHaveLength(1);
  });

  it("rejects wrong credentials with no refresh attempt and no toast (the sign-in form says it inline, once)", async () => {
    openPage(server, "/ar/login/");
    embedToaster("ar");
    await expect(signIn("agent", { ...agentLogin, password: "wrong" })).rejects.toMatchObject({ status: 401 });
    expect(isSignedIn()).toBe(false);
    expect(server.hits.map((hit) => hit.path)).toEqual(["/api/auth/loginAgent"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect($toasts.get()).toEqual([]);
  });
});

describe("loadSession", () => {
  it("asks GET auth/session in a tab whose sessionStorage lacks the user (a new tab)", async () => {
    await signIn("agent", agentLogin);
    sessionStorage.clear();
    $session.set({ user: null, kind: null, isAdmin: false, balance: null });
    const state = await loadSession();
    expect(state).toMatchObject({ kind: "Agent", user: { name: "Sunrise Travel" } });
    expect(server.apiHits("auth/session")).toHaveLength(1);
    expect(server.apiHits("auth/session")[0]!.auth).toMatch(/^Bearer token-/);
    expect(storedUser()).toMatchObject({ name: "Sunrise Travel" });
  });

  it("reads the tab's own sessionStorage without a request, and shares one request between callers", async () => {
    await signIn("agent", agentLogin);
    await loadSession();
    expect(server.apiHits("auth/session")).toHaveLength(0);
    sessionStorage.removeItem("auth.user");
    await Promise.all([loadSession(), loadSession(), loadSession()]);
    expect(server.apiHits("auth/session")).toHaveLength(1);
  });

  it("does nothing without any session cookie", async () => {
    const state = await loadSession();
    expect(state.user).toBeNull();
    expect(server.hits).toHaveLength(0);
  });
});

describe("refreshBalance", () => {
  it("reads an agency's balance again", async () => {
    await signIn("agent", agentLogin);
    (server.accounts.get(SUNRISE.email)!.record as typeof SUNRISE).balance = 175050;
    await refreshBalance();
    expect($session.get().balance).toEqual({ balance: 175050, currency: "USD" });
    expect(storedBalance()).toMatchObject({ balance: 175050 });
  });

  it("never asks for money for staff or admins", async () => {
    await signIn("agent", { email: STAFF.email, password: "Staff#2026" });
    expect(await refreshBalance()).toBeNull();
    expect(server.apiHits("agents/balance")).toHaveLength(0);
  });
});

describe("signOut (spec §4)", () => {
  it("ends the server session, clears token, user, admin flag and kind, keeps the balance, and opens /{lang}/login/", async () => {
    openPage(server, "/ar/information/");
    await signIn("agent", agentLogin);
    const navigate = vi.fn();
    const target = await signOut({ navigate });
    expect(target).toBe("/ar/login/");
    expect(navigate).toHaveBeenCalledWith("/ar/login/");
    expect(server.apiHits("auth/logout")).toHaveLength(1);
    expect(server.apiHits("auth/logout")[0]!.auth).toMatch(/^Bearer token-/);
    expect(isSignedIn()).toBe(false);
    for (const name of ["auth.accessToken", "auth.kind", "auth.isAdmin"]) expect(readCookie(name) ?? "", name).toBe("");
    expect(sessionStorage.getItem("auth.user")).toBeNull();
    expect(storedBalance()).toMatchObject({ balance: 250000 });
    expect($session.get()).toMatchObject({ user: null, kind: null, isAdmin: false, balance: { balance: 250000 } });
  });

  it("sends an admin to /{lang}/admin/login/ and a staff member to /{lang}/login/", async () => {
    openPage(server, "/ku/admin/news/");
    await signIn("admin", { email: ADMIN.email, password: "Admin#2026" });
    const navigate = vi.fn();
    await signOut({ navigate });
    expect(navigate).toHaveBeenLastCalledWith("/ku/admin/login/");
    expect(readCookie("auth.isAdmin") ?? "").toBe("");

    openPage(server, "/ku/");
    await signIn("agent", { email: STAFF.email, password: "Staff#2026" });
    await signOut({ navigate });
    expect(navigate).toHaveBeenLastCalledWith("/ku/login/");
  });

  it("still signs out locally when the server cannot be reached", async () => {
    await signIn("agent", agentLogin);
    await server.stop();
    try {
      const navigate = vi.fn();
      await signOut({ navigate });
      expect(isSignedIn()).toBe(false);
      expect(navigate).toHaveBeenCalledWith("/en/login/");
    } finally {
      await new Promise<void>((resolve) => server.server.listen(Number(new URL(server.origin).port), "127.0.0.1", resolve));
    }
  });

  it("is what the HTTP client does when a refresh fails: the session that expired is logged out", async () => {
    await signIn("agent", agentLogin);
    server.tokens.clear(); // every token now answers 401 "Agent session expired"; the refresh call fails too
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
    try {
      await expect(api.get("agents/balance")).rejects.toMatchObject({ status: 401 });
      await vi.waitFor(() => expect(replace).toHaveBeenCalledWith("/en/login/"));
      expect(server.apiHits("auth/refreshAgentToken")).toHaveLength(1);
      expect(server.apiHits("auth/logout")).toHaveLength(1);
      expect(isSignedIn()).toBe(false);
    } finally {
      replace.mockRestore();
    }
  });
});

describe("syncSession", () => {
  it("reads kind and admin flag from the cookies and the user from sessionStorage", async () => {
    await signIn("admin", { email: ADMIN.email, password: "Admin#2026" });
    $session.set({ user: null, kind: null, isAdmin: false, balance: null });
    expect(syncSession()).toMatchObject({ kind: "Admin", isAdmin: true, user: { name: "Platform Admin" } });
  });
});
