import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countries } from "../../src/admin/countries/countries.resource";
import { ResourcePage } from "../../src/admin/kit";
import type { Locale } from "../../src/shared/locales";
import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import { fakeCountries } from "./admin-countries-fixture";
import { usePageMessages } from "./page-messages";

afterEach(() => cleanup());
// The form dialog and its questions load on first use (issue 9): on a busy machine the first import of their modules
// takes seconds, so waits and tests get room for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

async function renderCountries(locale: Locale = "en") {
  const api = fakeCountries();
  const { http, notices } = api.client();
  usePageMessages(locale, "admin/countries", "view:admin-countries");
  render(
    <ResourcePage resource={countries} caption="Countries" http={http} />
  );
  await screen.findAllByTestId("table-row");
  return { api, notices };
}

const dialog = () => screen.getByTestId("form-dialog");
const input = (testId: string) => within(dialog()).getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const errorOf = (testId: string) => within(dialog()).queryByTestId(`${testId}-error`)?.textContent ?? null;
/** The error line tied to a control through aria-describedby. */
const describedError = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((el) => el?.hasAttribute("data-field-error"))?.textContent ?? null;

/** The form dialog loads on first use (issue 9): wait for it as a user would. */
async function openCreate() {
  fireEvent.click(screen.getByTestId("create-button"));
  // The first open transforms and loads the dialog's modules: give a busy machine time.
  await screen.findByTestId("form-dialog", {}, { timeout: 10_000 });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId("form-submit"));
  });
}

describe("resource form: the API's schema on the form, in the page's language", () => {
  it("shows localized field errors for bad input and sends nothing", async () => {
    const { api } = await renderCountries("ar");
    await openCreate();
    type("field-name-en", "Iraq");
    type("field-code", "1x");
    await submit();
    // Arabic and Kurdish names are required, in Arabic words; the code rule names the format.
    expect(errorOf("field-name-ar")).toBe(ar["validation.required"]);
    expect(errorOf("field-name-ku")).toBe(ar["validation.required"]);
    expect(errorOf("field-name-en")).toBeNull();
    expect(describedError(input("field-code"))).toBe(ar["validation.countryCode"]);
    expect(input("field-code").getAttribute("aria-invalid")).toBe("true");
    expect(input("field-code").value).toBe("1X"); // codes are typed in capitals
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
    // Fixing a field clears its message at once.
    type("field-name-ar", "العراق");
    expect(errorOf("field-name-ar")).toBeNull();
    expect(errorOf("field-name-ku")).toBe(ar["validation.required"]);
  });

  it("gives each language's input its own direction and language", async () => {
    await renderCountries("en");
    await openCreate();
    expect(input("field-name-en")).toMatchObject({ dir: "ltr", lang: "en" });
    expect(input("field-name-ar")).toMatchObject({ dir: "rtl", lang: "ar" });
    expect(input("field-name-ku")).toMatchObject({ dir: "rtl", lang: "ckb" });
  });

  it("puts the server's 400 messages on their fields, and the rest above the form", async () => {
    const { api } = await renderCountries("en");
    await openCreate();
    type("field-name-en", "Iraq");
    type("field-name-ar", "العراق");
    type("field-name-ku", "عێراق");
    type("field-code", "IQ");
    api.forced.push({
      status: 400,
      body: { statusCode: 400, code: "VALIDATION_FAILED", message: ["code: A country with this code exists already.", "name.ku: This is too long.", "flagColour: This field is not accepted here."] },
    });
    await submit();
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(describedError(input("field-code"))).toBe("A country with this code exists already.");
    expect(errorOf("field-name-ku")).toBe("This is too long.");
    expect(within(dialog()).getByTestId("form-error").textContent).toContain("flagColour: This field is not accepted here.");
    expect(screen.getByTestId("form-dialog")).toBeTruthy(); // still open, nothing lost
    expect(input("field-name-en").value).toBe("Iraq");
  });

  it("creates a record with the schema's input, closes, and lists it", async () => {
    const { api } = await renderCountries("en");
    await openCreate();
    type("field-name-en", "Iraq");
    type("field-name-ar", "العراق");
    type("field-name-ku", "عێراق");
    type("field-code", "iq");
    await submit();
    const post = api.calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({ name: { en: "Iraq", ar: "العراق", ku: "عێراق" }, code: "IQ", enabled: true });
    await waitFor(() => expect(screen.queryByTestId("form-dialog")).toBeNull());
    fireEvent.change(screen.getByTestId("search"), { target: { value: "Iraq" } });
    await waitFor(() => expect(screen.getAllByTestId("table-row").map((r) => r.dataset.id)).toEqual([api.rows.at(-1)!._id]));
  });

  it("edits a record read from the API and sends the changed input", async () => {
    const { api } = await renderCountries("en");
    const row = screen.getAllByTestId("table-row")[0]!;
    await act(async () => {
      fireEvent.click(within(row).getByTestId("row-edit"));
    });
    await screen.findByTestId("form-dialog");
    expect(api.calls.some((c) => c.method === "GET" && c.path === `countries/one/${row.dataset.id}`)).toBe(true);
    expect(input("field-name-en").value).not.toBe("");
    type("field-name-en", "Renamed");
    await submit();
    const patch = api.calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`countries/${row.dataset.id}`);
    expect((patch?.body as { name: { en: string } }).name.en).toBe("Renamed");
    await waitFor(() => expect(screen.queryByTestId("form-dialog")).toBeNull());
  });
});

describe("unsaved-changes guard", () => {
  const beforeUnloadPrevented = () => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it("asks before closing a changed form, keeps it on 'keep editing', closes on 'discard'", async () => {
    await renderCountries("en");
    await openCreate();
    // Unchanged: closes without a question.
    fireEvent.click(screen.getByTestId("form-cancel"));
    await waitFor(() => expect(screen.queryByTestId("form-dialog")).toBeNull());
    expect(screen.queryByTestId("unsaved-dialog")).toBeNull();

    await openCreate();
    type("field-name-en", "Atlantis");
    expect(beforeUnloadPrevented()).toBe(true); // leaving the page makes the browser ask
    fireEvent.click(screen.getByTestId("form-cancel"));
    const question = await screen.findByTestId("unsaved-dialog");
    expect(question.textContent).toContain(en["kit.unsavedTitle"]);
    fireEvent.click(screen.getByTestId("unsaved-dialog-cancel")); // keep editing
    await waitFor(() => expect(screen.queryByTestId("unsaved-dialog")).toBeNull());
    expect(input("field-name-en").value).toBe("Atlantis");

    fireEvent.click(screen.getByTestId("form-dialog-close")); // the title bar's close asks too
    fireEvent.click(await screen.findByTestId("unsaved-dialog-confirm")); // discard
    await waitFor(() => expect(screen.queryByTestId("form-dialog")).toBeNull());
    expect(beforeUnloadPrevented()).toBe(false);
    // Opened again, the form starts empty.
    await openCreate();
    expect(input("field-name-en").value).toBe("");
  });

  it("does not ask after the changes are saved", async () => {
    await renderCountries("en");
    await openCreate();
    type("field-name-en", "Iraq");
    type("field-name-ar", "العراق");
    type("field-name-ku", "عێراق");
    type("field-code", "IQ");
    await submit();
    await waitFor(() => expect(screen.queryByTestId("form-dialog")).toBeNull());
    expect(screen.queryByTestId("unsaved-dialog")).toBeNull();
    expect(beforeUnloadPrevented()).toBe(false);
  });
});

describe("the list in the address", () => {
  const setURL = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

  /** The countries page opened at `address`, once its first rows are there. */
  async function openAt(address: string) {
    setURL(`https://visa.example/en/admin/countries/${address}`);
    const api = fakeCountries();
    const { http } = api.client();
    usePageMessages("en", "admin/countries", "view:admin-countries");
    render(<ResourcePage resource={countries} caption="Countries" http={http} />);
    await screen.findAllByTestId("table-row");
    return api;
  }

  it("opens with the search, filter and page the address names, and writes each change back", async () => {
    const api = await openAt("?search=an&enabled=true&limit=10");
    // The first call asked for what the address says; the controls show it.
    expect(api.listCalls()[0]).toMatchObject({ search: "an", enabled: "true", limit: "10", page: "1" });
    expect((screen.getByTestId("search") as HTMLInputElement).value).toBe("an");
    expect((screen.getByTestId("filter-enabled") as HTMLSelectElement).value).toBe("true");
    // A change of filter is in the address at once (page 1 again, so no page in it).
    await act(async () => {
      fireEvent.change(screen.getByTestId("filter-enabled"), { target: { value: "false" } });
    });
    expect(location.search).toBe("?search=an&enabled=false&limit=10");
    expect(location.pathname).toBe("/en/admin/countries/");
  });

  it("ignores what the list never holds: the plain first page", async () => {
    const api = await openAt("?enabled=maybe&page=-1&limit=3&sort=evil");
    expect(api.listCalls()[0]).toEqual({ page: "1", limit: "20", sort: "name.en", order: "asc" });
  });
});

describe("an empty news form (issue 26 item 5)", () => {
  it("does not list the message's keys (message.en) above the form: each editor shows its own error", async () => {
    const { createFormStore, inputFromValues } = await import("../../src/admin/kit");
    const { ResourceForm } = await import("../../src/admin/kit/ResourceForm");
    const { news } = await import("../../src/admin/news/news.resource");
    const { newsInput } = await import("../../src/contract/news");
    usePageMessages("en", "admin/news", "view:admin-news");
    const form = createFormStore({
      schema: newsInput, initial: news.empty(),
      toInput: (values) => news.toInput!(inputFromValues(news.fields, values, "USD").input as never, values as never),
    });
    render(<ResourceForm form={form as never} fields={news.fields} currency="USD" onSubmit={async () => undefined} beside={[{ name: "message" }]} />);
    await act(async () => void (await form.submit(async () => undefined)));
    expect(Object.keys(form.$errors.get())).toEqual(expect.arrayContaining(["title.en", "message.en"]));
    expect(screen.queryByTestId("form-error")?.textContent ?? "").not.toMatch(/message\.(en|ar|ku)/);
  });
});
