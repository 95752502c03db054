import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import RegisterForm from "../../src/features/auth/RegisterForm";
import { pageMessages } from "./page-messages";
import en from "../../locales/en.json";
import ku from "../../locales/ku.json";
import { FakeApi, SUNRISE, clearBrowserState, fieldError, openPage } from "./fake-api";

const server = new FakeApi();
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.reset();
  clearBrowserState();
});
afterEach(cleanup);

const input = (name: string) => document.querySelector(`[name="register-${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const errorOf = (name: string) => fieldError(`register-${name}`);
const submit = () => act(async () => fireEvent.click(screen.getByTestId("register-submit")));

function fillValid(email = "new@agency.example") {
  type("name", "Zagros Travel");
  type("contactName", "Aram Kareem");
  type("email", email);
  type("phone", "+964 750 555 1212");
  type("password", "Zagros#2026");
  type("confirmPassword", "Zagros#2026");
  type("city", "Sulaymaniyah");
}

describe("RegisterForm", () => {
  it("checks every field with the API's schema and shows the problems in Kurdish, sending nothing", async () => {
    openPage(server, "/ku/register/");
    render(<RegisterForm locale="ku" messages={pageMessages("ku", "register", "RegisterForm")} />);
    type("name", "Z".repeat(121));
    type("email", "no-at-sign");
    type("phone", "call me");
    type("password", "short");
    type("confirmPassword", "other");
    await submit();
    await waitFor(() => expect(errorOf("name")).toBe(ku["validation.tooLong"]));
    expect(errorOf("contactName")).toBe(ku["validation.required"]);
    expect(errorOf("email")).toBe(ku["validation.email"]);
    expect(errorOf("phone")).toBe(ku["validation.phone"]);
    expect(errorOf("password")).toBe(ku["validation.passwordTooShort"]);
    expect(errorOf("confirmPassword")).toBe(ku["auth.passwordsDiffer"]);
    expect(errorOf("address")).toBeNull();
    expect(errorOf("city")).toBeNull();
    for (const name of ["name", "contactName", "email", "phone", "password", "confirmPassword"]) {
      expect(input(name).getAttribute("aria-invalid"), name).toBe("true");
    }
    // The password's hint and its error both describe it.
    const described = input("password").getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([ku["auth.passwordHint"], ku["validation.passwordTooShort"]]);
    expect(server.hits).toHaveLength(0);
  });

  it("says a missing password is required, not too short", async () => {
    openPage(server, "/en/register/");
    render(<RegisterForm locale="en" messages={pageMessages("en", "register", "RegisterForm")} />);
    await submit();
    await waitFor(() => expect(errorOf("password")).toBe(en["validation.required"]));
    expect(errorOf("confirmPassword")).toBe(en["validation.required"]);
    expect(errorOf("name")).toBe(en["validation.required"]);
  });

  it("asks for a letter and a digit in the password, as the API does", async () => {
    openPage(server, "/en/register/");
    render(<RegisterForm locale="en" messages={pageMessages("en", "register", "RegisterForm")} />);
    fillValid();
    type("password", "abcdefgh");
    type("confirmPassword", "abcdefgh");
    await submit();
    await waitFor(() => expect(errorOf("password")).toBe(en["validation.passwordDigit"]));
    type("password", "12345678");
    await waitFor(() => expect(errorOf("password")).toBe(en["validation.passwordLetter"]));
    expect(server.hits).toHaveLength(0);
  });

  it("sends the application in the page's language and then says an administrator must enable the account", async () => {
    openPage(server, "/ku/register/");
    render(<RegisterForm locale="ku" messages={pageMessages("ku", "register", "RegisterForm")} />);
    fillValid();
    await submit();
    const pending = await screen.findByTestId("register-pending");
    expect(pending.getAttribute("role")).toBe("status");
    expect(pending.textContent).toContain(ku["auth.registered.title"]);
    expect(pending.textContent).toContain("Zagros Travel");
    expect(pending.textContent).toContain("new@agency.example");
    expect(screen.queryByTestId("register-form")).toBeNull();
    const [hit] = server.apiHits("agents/create");
    expect(hit!.body).toEqual({
      name: "Zagros Travel", contactName: "Aram Kareem", email: "new@agency.example", phone: "+964 750 555 1212",
      password: "Zagros#2026", address: "", city: "Sulaymaniyah", locale: "ku",
    });
    expect(hit!.body).not.toHaveProperty("confirmPassword");
  });

  it("puts a taken email under the email field", async () => {
    openPage(server, "/en/register/");
    render(<RegisterForm locale="en" messages={pageMessages("en", "register", "RegisterForm")} />);
    fillValid(SUNRISE.email);
    await submit();
    await waitFor(() => expect(errorOf("email")).toBe(en["auth.emailTaken"]));
    expect(input("email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByTestId("register-pending")).toBeNull();
  });

  it("cannot be sent twice while the first application is on its way", async () => {
    server.delay = 150;
    openPage(server, "/en/register/");
    render(<RegisterForm locale="en" messages={pageMessages("en", "register", "RegisterForm")} />);
    fillValid();
    const button = screen.getByTestId("register-submit") as HTMLButtonElement;
    await submit();
    await waitFor(() => expect(button.disabled).toBe(true));
    await act(async () => fireEvent.submit(button.form!));
    await screen.findByTestId("register-pending");
    expect(server.apiHits("agents/create")).toHaveLength(1);
  });
});
