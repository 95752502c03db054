import { fireEvent, screen } from "@testing-library/dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { TOAST_ICONS, renderToaster as drawToaster } from "../../src/components/Toaster";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import {
  TOAST_DRAG_DISMISS,
  TOAST_MAX,
  TOAST_TIMEOUT_MS,
  clearToasts,
  dragDismisses,
  resumeToasts,
  toast,
} from "../../src/lib/toast.store";

beforeAll(() => {
  addMessages("en", messagesFor("en", ["toast"]));
});

beforeEach(() => {
  vi.useFakeTimers();
});

let takeDown: (() => void) | undefined;

afterEach(() => {
  takeDown?.();
  takeDown = undefined;
  document.body.replaceChildren();
  clearToasts();
  // Pause reasons are module state: make sure no test leaves the toasts paused for the next one.
  resumeToasts("hover");
  resumeToasts("blur");
  vi.useRealTimers();
});

/** The page's #toaster region, drawn as the app draws it (plain DOM, no React). */
function renderToaster() {
  const region = document.createElement("div");
  region.id = "toaster";
  document.body.append(region);
  takeDown = drawToaster(region);
}

/** Shows a toast as app code does (the store update redraws the toaster). */
function show(fn: () => number): number {
  return fn();
}

function advance(ms: number) {
  vi.advanceTimersByTime(ms);
}

const toastItems = () => Array.from(screen.getByTestId("toaster").querySelectorAll("li"));
const toastTitles = () => toastItems().map((li) => li.querySelector("p")?.textContent);

/** What a mouse click looks like to the toast: pointerdown and pointerup at the same spot, then click. */
function clickLikeAUser(element: HTMLElement) {
  fireEvent.pointerDown(element, { clientX: 50, clientY: 10, pointerId: 1, button: 0 });
  fireEvent.pointerUp(element, { clientX: 50, clientY: 10, pointerId: 1, button: 0 });
  fireEvent.click(element, { clientX: 50, clientY: 10, button: 0 });
}

function drag(element: HTMLElement, dx: number) {
  const startX = 300;
  fireEvent.pointerDown(element, { clientX: startX, pointerId: 7 });
  fireEvent.pointerMove(element, { clientX: startX + dx / 2, pointerId: 7 });
  fireEvent.pointerMove(element, { clientX: startX + dx, pointerId: 7 });
  fireEvent.pointerUp(element, { clientX: startX + dx, pointerId: 7 });
}

function stubWidth(element: HTMLElement, width: number) {
  Object.defineProperty(element, "offsetWidth", { configurable: true, get: () => width });
}

describe("Toaster: timing", () => {
  it("uses the spec's timeout of 5000 ms and maximum of 20", () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(TOAST_MAX).toBe(20);
    expect(TOAST_DRAG_DISMISS).toBe(0.6);
  });

  it("shows a toast and removes it after exactly 5000 ms", () => {
    renderToaster();
    show(() => toast.success("Saved"));
    expect(screen.getByText("Saved")).toBeTruthy();

    advance(4999);
    expect(screen.queryByText("Saved")).not.toBeNull();

    advance(1);
    expect(screen.queryByText("Saved")).toBeNull();
    expect(toastItems()).toHaveLength(0);
  });

  it("keeps a toast with timeout 0 until it is dismissed", () => {
    renderToaster();
    show(() => toast.info("Sticky", { timeout: 0 }));
    advance(60_000);
    expect(screen.queryByText("Sticky")).not.toBeNull();
  });

  it("pauses the countdown while the pointer is over the list and resumes with the remaining time", () => {
    renderToaster();
    show(() => toast.info("Hover me"));
    advance(3000);

    fireEvent.mouseEnter(screen.getByTestId("toaster"));
    advance(20_000);
    expect(screen.queryByText("Hover me")).not.toBeNull();

    fireEvent.mouseLeave(screen.getByTestId("toaster"));
    advance(1999);
    expect(screen.queryByText("Hover me")).not.toBeNull();
    advance(1);
    expect(screen.queryByText("Hover me")).toBeNull();
  });

  it("does not start the countdown of a toast shown while hovered until the pointer leaves", () => {
    renderToaster();
    fireEvent.mouseEnter(screen.getByTestId("toaster"));
    show(() => toast.info("Arrived while hovering"));
    advance(10_000);
    expect(screen.queryByText("Arrived while hovering")).not.toBeNull();

    fireEvent.mouseLeave(screen.getByTestId("toaster"));
    advance(4999);
    expect(screen.queryByText("Arrived while hovering")).not.toBeNull();
    advance(1);
    expect(screen.queryByText("Arrived while hovering")).toBeNull();
  });

  it("pauses while the window has lost focus and resumes on focus", () => {
    renderToaster();
    show(() => toast.warning("Blurred"));
    advance(1000);

    window.dispatchEvent(new Event("blur"));
    advance(30_000);
    expect(screen.queryByText("Blurred")).not.toBeNull();

    window.dispatchEvent(new Event("focus"));
    advance(3999);
    expect(screen.queryByText("Blurred")).not.toBeNull();
    advance(1);
    expect(screen.queryByText("Blurred")).toBeNull();
  });

  it("stays paused while the window is blurred even after the pointer leaves the list", () => {
    renderToaster();
    show(() => toast.info("Both"));
    window.dispatchEvent(new Event("blur"));
    fireEvent.mouseEnter(screen.getByTestId("toaster"));
    fireEvent.mouseLeave(screen.getByTestId("toaster"));
    advance(10_000);
    expect(screen.queryByText("Both")).not.toBeNull();

    window.dispatchEvent(new Event("focus"));
    advance(5000);
    expect(screen.queryByText("Both")).toBeNull();
  });
});

describe("Toaster: stacking", () => {
  it("shows at most 20 toasts, newest first, dropping the oldest", () => {
    renderToaster();
    for (let n = 1; n <= 25; n++) show(() => toast.show(`Toast ${n}`));

    const titles = toastTitles();
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe("Toast 25");
    expect(titles[19]).toBe("Toast 6");
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Toast ${25 - i}`));
    for (let n = 1; n <= 5; n++) expect(screen.queryByText(`Toast ${n}`)).toBeNull();
  });

  it("puts a new toast on top of older ones", () => {
    renderToaster();
    show(() => toast.info("Older"));
    advance(100);
    show(() => toast.info("Newer"));
    expect(toastTitles()).toEqual(["Newer", "Older"]);
    // Each keeps its own countdown: the older one leaves first.
    advance(4900);
    expect(toastTitles()).toEqual(["Newer"]);
  });
});

describe("Toaster: dismissing", () => {
  it("closes a toast when it is clicked", () => {
    renderToaster();
    show(() => toast.success("Click me"));
    show(() => toast.success("Keep me"));
    clickLikeAUser(screen.getByText("Click me").closest("li")!);
    expect(screen.queryByText("Click me")).toBeNull();
    expect(screen.queryByText("Keep me")).not.toBeNull();
  });

  it("keeps a toast that opted out of close-on-click", () => {
    renderToaster();
    show(() => toast.show("Push message", { closeOnClick: false }));
    const item = screen.getByText("Push message").closest("li")!;
    clickLikeAUser(item);
    expect(screen.queryByText("Push message")).not.toBeNull();
    // It has no "Click to dismiss" hint either, while a normal toast has one.
    expect(item.getAttribute("title")).toBeNull();
    show(() => toast.show("Normal"));
    expect(screen.getByText("Normal").closest("li")!.getAttribute("title")).toBe("Click to dismiss");
    // It still times out.
    advance(5000);
    expect(screen.queryByText("Push message")).toBeNull();
  });

  it("dismisses the focused toast with the Escape key", () => {
    renderToaster();
    show(() => toast.error("Escape me"));
    const item = screen.getByText("Escape me").closest("li")!;
    expect(item.tabIndex).toBe(0);
    item.focus();
    fireEvent.keyDown(item, { key: "Escape" });
    expect(screen.queryByText("Escape me")).toBeNull();
  });

  it("ignores other keys", () => {
    renderToaster();
    show(() => toast.info("Typing"));
    const item = screen.getByText("Typing").closest("li")!;
    fireEvent.keyDown(item, { key: "a" });
    fireEvent.keyDown(item, { key: "Tab" });
    expect(screen.queryByText("Typing")).not.toBeNull();
  });
});

describe("dragDismisses", () => {
  it.each([
    [180, 300, true],
    [-180, 300, true],
    [240, 300, true],
    [-300, 300, true],
    [179, 300, false],
    [-179, 300, false],
    [150, 300, false],
    [-150, 300, false],
    [0, 300, false],
    [100, 0, false],
  ])("a drag of %i px on a %i px toast dismisses: %s", (distance, width, expected) => {
    expect(dragDismisses(distance, width)).toBe(expected);
  });
});

describe("Toaster: pointer drag", () => {
  it("keeps a toast dragged by 50 % of its width (either direction)", () => {
    renderToaster();
    show(() => toast.info("Drag me"));
    const item = screen.getByText("Drag me").closest("li")!;
    stubWidth(item, 200);

    drag(item, 100);
    expect(screen.queryByText("Drag me")).not.toBeNull();
    drag(item, -100);
    expect(screen.queryByText("Drag me")).not.toBeNull();
    // A drag that falls short is not a click either, and the toast snaps back.
    expect(item.style.transform).toBe("");
  });

  it("dismisses a toast dragged right by 70 % of its width", () => {
    renderToaster();
    show(() => toast.info("Swipe right"));
    const item = screen.getByText("Swipe right").closest("li")!;
    stubWidth(item, 200);
    drag(item, 140);
    expect(screen.queryByText("Swipe right")).toBeNull();
  });

  it("dismisses a toast dragged left by 70 % of its width", () => {
    renderToaster();
    show(() => toast.info("Swipe left"));
    const item = screen.getByText("Swipe left").closest("li")!;
    stubWidth(item, 200);
    drag(item, -140);
    expect(screen.queryByText("Swipe left")).toBeNull();
  });

  it("moves the toast with the pointer while dragging", () => {
    renderToaster();
    show(() => toast.info("Follow"));
    const item = screen.getByText("Follow").closest("li")!;
    stubWidth(item, 200);
    fireEvent.pointerDown(item, { clientX: 10, pointerId: 3 });
    fireEvent.pointerMove(item, { clientX: 60, pointerId: 3 });
    expect(item.style.transform).toBe("translateX(50px)");
    fireEvent.pointerUp(item, { clientX: 60, pointerId: 3 });
    expect(item.style.transform).toBe("");
    expect(screen.queryByText("Follow")).not.toBeNull();
  });
});

describe("Toaster: appearance", () => {
  it("announces errors as alerts and every other type as status", () => {
    renderToaster();
    show(() => toast.success("S"));
    show(() => toast.error("E"));
    show(() => toast.warning("W"));
    show(() => toast.info("I"));
    show(() => toast.show("D"));

    const alerts = screen.getAllByRole("alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain("E");
    expect(alerts[0]!.getAttribute("data-toast-type")).toBe("error");

    const statuses = screen.getAllByRole("status");
    expect(statuses.map((li) => li.getAttribute("data-toast-type")).sort()).toEqual(["default", "info", "success", "warning"]);
  });

  it("shows the description under the title", () => {
    renderToaster();
    show(() => toast.success("Request sent", { description: "We will email you." }));
    const item = screen.getByText("Request sent").closest("li")!;
    expect(item.textContent).toContain("We will email you.");
  });

  it("paints a toast with its own background colour", () => {
    renderToaster();
    show(() => toast.show("Coloured", { color: "rgb(255, 238, 170)", closeOnClick: false }));
    show(() => toast.show("Plain"));
    expect(screen.getByText("Coloured").closest("li")!.style.background).toContain("rgb(255, 238, 170)");
    expect(screen.getByText("Plain").closest("li")!.style.background).toBe("");
  });
});

describe("a toast paused after its time ran out", () => {
  it("is dismissed, not kept forever", () => {
    renderToaster();
    show(() => toast.info("Late pause"));
    // The clock passes 5000 ms but the timeout callback has not run yet (a busy main thread).
    vi.setSystemTime(Date.now() + TOAST_TIMEOUT_MS + 10);
    fireEvent.mouseEnter(screen.getByTestId("toaster"));
    fireEvent.mouseLeave(screen.getByTestId("toaster"));
    advance(60_000);
    expect(screen.queryByText("Late pause")).toBeNull();
  });

  it("a push-style toast (no close on click) still closes with Escape", () => {
    renderToaster();
    show(() => toast.show("Pushed", { closeOnClick: false, color: "#ffffff" }));
    const item = screen.getByText("Pushed").closest("li")!;
    fireEvent.keyDown(item, { key: "Enter" });
    expect(screen.queryByText("Pushed")).not.toBeNull();
    fireEvent.keyDown(item, { key: "Escape" });
    expect(screen.queryByText("Pushed")).toBeNull();
  });
});

describe("Toaster: what it draws", () => {
  it("shows a title and description typed with markup as text, never as elements", () => {
    renderToaster();
    show(() => toast.show("<img src=x onerror=alert(1)>News", { description: "<b>bold</b>" }));
    const item = screen.getByText("<img src=x onerror=alert(1)>News").closest("li")!;
    expect(item.querySelector("p img, p b")).toBeNull();
    expect(item.textContent).toContain("<b>bold</b>");
  });

  it("draws the type's icon hidden from screen readers, or the message's own picture", () => {
    renderToaster();
    show(() => toast.error("Failed"));
    show(() => toast.show("Pushed", { icon: "/favicon.svg", closeOnClick: false }));
    const failed = screen.getByText("Failed").closest("li")!;
    expect(failed.querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
    expect(failed.querySelector("svg")!.innerHTML).toContain("circle");
    const pushed = screen.getByText("Pushed").closest("li")!;
    expect(pushed.querySelector("svg")).toBeNull();
    expect(pushed.querySelector("img")!.getAttribute("src")).toBe("/favicon.svg");
    expect(pushed.querySelector("img")!.getAttribute("alt")).toBe("");
  });

  it("keeps the element of a toast that stays while others come and go (focus and drags are not lost)", () => {
    renderToaster();
    show(() => toast.info("Stays", { timeout: 0 }));
    const item = screen.getByText("Stays").closest("li")!;
    item.focus();
    const other = show(() => toast.info("Comes"));
    expect(screen.getByText("Stays").closest("li")).toBe(item);
    expect(document.activeElement).toBe(item);
    clickLikeAUser(screen.getByText("Comes").closest("li")!);
    expect(screen.queryByText("Comes")).toBeNull();
    expect(other).toBeGreaterThan(0);
    expect(screen.getByText("Stays").closest("li")).toBe(item);
    expect(toastTitles()).toEqual(["Stays"]);
  });
});

describe("Toaster: icons", () => {
  it.each([
    ["success", "CircleCheck"], ["error", "CircleAlert"], ["warning", "TriangleAlert"], ["info", "Info"], ["default", "Bell"],
  ] as const)("the %s toast draws lucide's %s as the icon set has it", (type, name) => {
    const file = readFileSync(`src/components/ui/icons/${name}.ts`, "utf8");
    expect(JSON.parse(/icon\((".*")\);/.exec(file)![1]!)).toBe(TOAST_ICONS[type]);
  });
});
