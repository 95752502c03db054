import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import LoginForm from "../../src/features/auth/LoginForm";
import { isSignedIn } from "../../src/lib/session";
import { $toasts, clearToasts } from "../../src/lib/toast.store";
import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import { ADMIN, FakeApi, SUNRISE, clearBrowserState, fieldError, openPage } from "./fake-api";
import { pageMessages } from "./page-messages";

const server = new FakeApi();
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.reset();
  clearBrowserState();
  clearToasts();
});
afterEach(cleanup);

function open(path: string, locale: "en" | "ar", area: "agent" | "admin" = "agent") {
  openPage(server, path);
  const navigate = vi.fn();
  render(<LoginForm locale={locale} messages={pageMessages(locale, area === "admin" ? "admin/login" : "login", "LoginForm")} area={area} navigate={navigate} />);
  const prefix = area === "admin" ? "admin-login" : "login";
  const email = document.querySelector(`[name="${prefix}-email"]`) as HTMLInputElement;
  const password = document.querySelector(`[name="${prefix}-password"]`) as HTMLInputElement;
  const submit = screen.getByTestId("login-submit") as HTMLButtonElement;
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  return { navigate, email, password, submit, type };
}

describe("LoginForm: checks before anything is sent", () => {
  it("shows each field's problem under it, in the page's language, and sends nothing", async () => {
    const { email, password, submit, type } = open("/ar/login/", "ar");
    type(email, "not-an-email");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(fieldError("login-email")).toBe(ar["validation.email"]));
    expect(fieldError("login-password")).toBe(ar["validation.required"]);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(server.hits).toHaveLength(0);

    // Fixing a field clears its message at once.
    type(email, SUNRISE.email);
    await waitFor(() => expect(fieldError("login-email")).toBeNull());
    expect(email.getAttribute("aria-invalid")).toBeNull();
    expect(fieldError("login-password")).toBe(ar["validation.required"]);
  });

  it("labels every control, and shows or hides the password on request", () => {
    const { email, password } = open("/en/login/", "en");
    expect(screen.getByLabelText(/^Email/)).toBe(email);
    // A click on the label reaches the control.
    expect(screen.getByText(en["auth.email"]).closest("label")!.htmlFor).toBe(email.id);
    expect(screen.getByText(en["auth.password"]).closest("label")!.htmlFor).toBe(password.id);
    expect(password.type).toBe("password");
    const toggle = screen.getByRole("button", { name: en["auth.showPassword"] });
    fireEvent.click(toggle);
    expect(password.type).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe(en["auth.hidePassword"]);
    expect(screen.getByRole("link", { name: en["auth.registerLink"] }).getAttribute("href")).toBe("/en/register/");
  });
});

describe("LoginForm: signing in", () => {
  it("cannot be sent twice while pending, then opens the remembered page", async () => {
    server.delay = 150;
    const { navigate, email, password, submit, type } = open("/en/login/?next=%2Fen%2Fvisa%2Fabc%2Fdetails", "en");
    type(email, ` ${SUNRISE.email.toUpperCase()} `);
    type(password, "Agent#2026");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.textContent).toBe(en["common.pleaseWait"]);
    expect(submit.getAttribute("aria-busy")).toBe("true");
    await act(async () => fireEvent.submit(submit.form!));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/en/visa/abc/details"));
    expect(server.apiHits("auth/loginAgent")).toHaveLength(1);
    // The schema trimmed and lower-cased the email, as the API will.
    expect(server.apiHits("auth/loginAgent")[0]!.body).toEqual({ email: SUNRISE.email, password: "Agent#2026" });
    expect(isSignedIn()).toBe(true);
    expect(submit.disabled).toBe(false);
  });

  it.each([
    ["//evil.com", "/en/"],
    ["https://evil.com/en/", "/en/"],
    ["/ar/visa", "/en/"],
    ["/en/admin/news", "/en/"],
  ])("ignores next=%s (never an open redirect) and opens %s", async (next, expected) => {
    const { navigate, email, password, submit, type } = open(`/en/login/?next=${encodeURIComponent(next)}`, "en");
    type(email, SUNRISE.email);
    type(password, "Agent#2026");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(expected));
  });

  it("shows wrong credentials once, next to the form (no toast saying it again), in the page's language, and stays", async () => {
    const { navigate, email, password, submit, type } = open("/ar/login/", "ar");
    type(email, SUNRISE.email);
    type(password, "Wrong#2026");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(ar["auth.credentialsWrong"]));
    expect($toasts.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(server.hits.map((h) => h.path)).toEqual(["/api/auth/loginAgent"]);
    expect(submit.disabled).toBe(false);
  });

  it("shows the API's own (already localized) message for a disabled account", async () => {
    server.accounts.get(SUNRISE.email)!.enabled = false;
    const { navigate, email, password, submit, type } = open("/en/login/", "en");
    type(email, SUNRISE.email);
    type(password, "Agent#2026");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This account is not enabled yet."));
    expect($toasts.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("signs an admin in on the admin login and opens the admin area", async () => {
    const { navigate, email, password, submit, type } = open("/en/admin/login/?next=%2Fen%2Fvisa", "en", "admin");
    expect(screen.queryByRole("link", { name: en["auth.registerLink"] })).toBeNull();
    type(email, ADMIN.email);
    type(password, "Admin#2026");
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/en/admin/"));
    expect(server.apiHits("auth/loginAdmin")).toHaveLength(1);
  });

  it("keeps what was typed into the pre-rendered page before hydration, and cannot be sent before it", async () => {
    openPage(server, "/en/login/");
    const navigate = vi.fn();
    const page = <LoginForm locale="en" area="agent" navigate={navigate} />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const submit = container.querySelector<HTMLButtonElement>('[data-testid="login-submit"]')!;
    expect(submit.disabled).toBe(true);
    container.querySelector<HTMLInputElement>('[name="login-email"]')!.value = SUNRISE.email;
    container.querySelector<HTMLInputElement>('[name="login-password"]')!.value = "Agent#2026";

    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    try {
      expect(submit.disabled).toBe(false);
      await act(async () => fireEvent.click(submit));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith("/en/"));
      expect(server.apiHits("auth/loginAgent")[0]!.body).toEqual({ email: SUNRISE.email, password: "Agent#2026" });
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });
});
