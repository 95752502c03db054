/**
 * Issue 26 item 2: the one date field. It shows a date in the page's order and digits (never the browser's
 * "mm/dd/yyyy"), takes Latin, Arabic-Indic and Extended Arabic-Indic digits, and keeps the native field's keyboard
 * and screen-reader behaviour: spin buttons with values and spoken text, Up/Down, typing that moves on, Backspace,
 * Left/Right in the page's reading direction, one tab stop, and a calendar grid.
 */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DateField, partOrder } from "../../src/components/ui/DateField";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import type { Locale } from "../../src/shared/locales";

afterEach(cleanup);

let reported: string[] = [];
beforeEach(() => { reported = []; });

function Harness({ locale, initial = "", min, max }: { locale: Locale; initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date of birth" locale={locale} value={value} min={min} max={max} name="DateOfBirth" testId="dob" onValue={(iso) => { reported.push(iso); setValue(iso); }} />
      <button type="button" onClick={() => setValue("2001-12-25")}>from outside</button>
    </>
  );
}

function renderIn(locale: Locale, props: { initial?: string; min?: string; max?: string } = {}) {
  document.documentElement.dataset.locale = locale;
  document.documentElement.dir = locale === "en" ? "ltr" : "rtl";
  addMessages(locale, messagesFor(locale, ["ui"]));
  render(<Harness locale={locale} {...props} />);
  const group = screen.getByTestId("dob-field");
  const parts = within(group).getAllByRole("spinbutton");
  const part = (name: "day" | "month" | "year") => parts.find((p) => p.dataset.part === name)!;
  const hidden = () => (screen.getByTestId("dob") as HTMLInputElement).value;
  return { group, parts, part, hidden };
}

const press = (element: HTMLElement, key: string) => act(() => { fireEvent.keyDown(element, { key }); });
const type = (keys: string) => { for (const key of keys) press(document.activeElement as HTMLElement, key); };
const shown = (group: HTMLElement) => within(group).getAllByRole("spinbutton").map((p) => p.textContent).join("/");

describe("DateField", () => {
  it("writes a date in Arabic-Indic digits, day/month/year, with a spoken label and value per part (ar)", () => {
    const { group, part, hidden } = renderIn("ar", { initial: "1985-03-04" });
    expect(shown(group)).toBe("٠٤/٠٣/١٩٨٥");
    expect(group.textContent).not.toMatch(/[0-9]|mm|dd|yyyy/);
    expect(part("day").getAttribute("aria-label")).toBe("اليوم");
    expect(part("day").getAttribute("aria-valuenow")).toBe("4");
    expect(part("day").getAttribute("aria-valuemax")).toBe("31");
    expect(part("day").getAttribute("aria-valuetext")).toBe("٠٤");
    expect(part("month").getAttribute("aria-valuemax")).toBe("12");
    expect(part("year").getAttribute("aria-valuenow")).toBe("1985");
    expect(hidden()).toBe("1985-03-04");
    expect(group.getAttribute("aria-label")).toBe("Date of birth");
  });

  it("an empty Kurdish field names its parts in Sorani, never mm/dd/yyyy", () => {
    const { group, part } = renderIn("ku");
    expect(shown(group)).toBe("ڕۆژ/مانگ/ساڵ");
    expect(part("month").getAttribute("aria-label")).toBe("مانگ");
    expect(part("month").getAttribute("aria-valuetext")).toBe("بەتاڵ");
    expect(part("month").getAttribute("aria-valuenow")).toBeNull();
  });

  it("English keeps the page's own order (month/day/year, as its dates are written)", () => {
    const { group } = renderIn("en", { initial: "1985-03-04" });
    expect(partOrder("en")).toEqual(["month", "day", "year"]);
    expect(shown(group)).toBe("03/04/1985");
  });

  it("typed Arabic-Indic digits fill the parts one after another and give the ISO date", () => {
    const { part, hidden } = renderIn("ar");
    act(() => part("day").focus());
    type("٠٤"); // a full day moves on to the month
    expect(document.activeElement).toBe(part("month"));
    type("٣"); // no month starts with 3 and a second digit: it moves on at once
    expect(document.activeElement).toBe(part("year"));
    expect(reported).toEqual([]); // incomplete: nothing but "" is a date yet
    type("١٩٨٥");
    expect(reported).toEqual(["1985-03-04"]);
    expect(hidden()).toBe("1985-03-04");
    expect(part("month").textContent).toBe("٠٣");
  });

  it("takes Extended Arabic-Indic (Kurdish keyboards) and Latin digits too", () => {
    const { part } = renderIn("ku");
    act(() => part("day").focus());
    type("۲۸");
    type("02");
    type("2031");
    expect(reported.at(-1)).toBe("2031-02-28");
  });

  it("a phone's on-screen keyboard (text, no key) types into the parts too, and its delete clears", () => {
    const { part } = renderIn("ar");
    const send = (element: HTMLElement, inputType: string, data: string | null) =>
      act(() => { element.dispatchEvent(new InputEvent("beforeinput", { inputType, data, cancelable: true, bubbles: true })); });
    act(() => part("day").focus());
    for (const digit of "٠٤٠٣١٩٨٥") send(document.activeElement as HTMLElement, "insertText", digit);
    expect(reported).toEqual(["1985-03-04"]);
    expect(part("year").textContent).toBe("١٩٨٥"); // the text is drawn, never inserted
    send(part("year"), "deleteContentBackward", null);
    expect(reported.at(-1)).toBe("");
  });

  it("Up/Down step and wrap, Home/End go to the bounds, Backspace clears (and then goes back a part)", () => {
    const { part, hidden } = renderIn("ar", { initial: "2030-01-31" });
    act(() => part("day").focus());
    press(part("day"), "ArrowUp");
    expect(part("day").getAttribute("aria-valuenow")).toBe("1");
    press(part("day"), "ArrowDown");
    expect(part("day").getAttribute("aria-valuenow")).toBe("31");
    press(part("month"), "ArrowUp"); // February: the 31st comes down to the month's last day
    expect(part("month").getAttribute("aria-valuenow")).toBe("2");
    expect(part("day").getAttribute("aria-valuenow")).toBe("28");
    expect(hidden()).toBe("2030-02-28");
    press(part("month"), "End");
    expect(part("month").getAttribute("aria-valuenow")).toBe("12");
    act(() => part("month").focus());
    press(part("month"), "Backspace");
    expect(part("month").getAttribute("aria-valuenow")).toBeNull();
    expect(reported.at(-1)).toBe(""); // as a native field reports an incomplete date
    expect(hidden()).toBe("");
    expect(part("day").getAttribute("aria-valuenow")).toBe("28"); // the other parts stay
    press(part("month"), "Backspace");
    expect(document.activeElement).toBe(part("day"));
  });

  it("Left/Right follow the reading direction: mirrored in Arabic", () => {
    const { part } = renderIn("ar", { initial: "1985-03-04" });
    act(() => part("day").focus());
    press(part("day"), "ArrowLeft"); // the day is the rightmost part: left goes to the month
    expect(document.activeElement).toBe(part("month"));
    press(part("month"), "ArrowLeft");
    expect(document.activeElement).toBe(part("year"));
    press(part("year"), "ArrowRight");
    expect(document.activeElement).toBe(part("month"));
  });

  it("…and not mirrored in English", () => {
    const { part } = renderIn("en", { initial: "1985-03-04" });
    act(() => part("month").focus());
    press(part("month"), "ArrowRight");
    expect(document.activeElement).toBe(part("day"));
    press(part("day"), "ArrowLeft");
    expect(document.activeElement).toBe(part("month"));
  });

  it("is one tab stop (Tab leaves the field): the part last used", () => {
    const { parts, part } = renderIn("ar", { initial: "1985-03-04" });
    expect(parts.filter((p) => p.tabIndex === 0)).toEqual([part("day")]);
    act(() => part("year").focus());
    expect(parts.filter((p) => p.tabIndex === 0)).toEqual([part("year")]);
  });

  it("a value set from outside replaces what is shown; an incomplete date keeps what was typed", () => {
    const { group, part } = renderIn("ar");
    act(() => part("day").focus());
    type("١٥");
    expect(shown(group)).toBe("١٥/شهر/سنة");
    act(() => screen.getByText("from outside").click());
    expect(shown(group)).toBe("٢٥/١٢/٢٠٠١");
  });

  it("the calendar opens on the date, moves by day mirrored in Arabic, by week and month, and picks with Enter", () => {
    const { part, hidden } = renderIn("ar", { initial: "2031-03-10", max: "2031-04-30" });
    act(() => screen.getByTestId("dob-calendar").click());
    const calendar = screen.getByTestId("date-calendar");
    expect(screen.getByTestId("dob-calendar").getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement!.getAttribute("data-date")).toBe("2031-03-10");
    expect(within(calendar).getByRole("grid").textContent).not.toMatch(/[0-9]/);
    press(document.activeElement as HTMLElement, "ArrowLeft"); // right to left: left is the next day
    expect(document.activeElement!.getAttribute("data-date")).toBe("2031-03-11");
    press(document.activeElement as HTMLElement, "ArrowDown");
    expect(document.activeElement!.getAttribute("data-date")).toBe("2031-03-18");
    press(document.activeElement as HTMLElement, "PageDown");
    expect(document.activeElement!.getAttribute("data-date")).toBe("2031-04-18");
    press(document.activeElement as HTMLElement, "PageDown");
    expect(document.activeElement!.getAttribute("data-date")).toBe("2031-05-18");
    expect(document.activeElement!.getAttribute("aria-disabled")).toBe("true"); // past max: reached, not picked
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(hidden()).toBe("2031-03-10");
    press(document.activeElement as HTMLElement, "PageUp");
    act(() => (document.activeElement as HTMLButtonElement).click()); // Enter on a button is a click
    expect(hidden()).toBe("2031-04-18");
    expect(screen.queryByTestId("date-calendar")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("dob-calendar"));
    expect(part("month").textContent).toBe("٠٤");
  });

  it("Escape closes the calendar without changing the date", () => {
    const { hidden } = renderIn("en", { initial: "2031-03-10" });
    act(() => screen.getByTestId("dob-calendar").click());
    press(document.activeElement as HTMLElement, "ArrowRight");
    press(document.activeElement as HTMLElement, "Escape");
    expect(screen.queryByTestId("date-calendar")).toBeNull();
    expect(hidden()).toBe("2031-03-10");
  });
});
