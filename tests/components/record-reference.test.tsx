import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import RecordReference, { shortReference } from "../../src/components/RecordReference";
import { pageMessages } from "./page-messages";

/** happy-dom's test API (not in the DOM typings). */
type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };

/** Moves the tab to `path` the way a navigation would, and tells the router (it listens to popstate). */
function goTo(path: string) {
  (window as unknown as HappyDOMWindow).happyDOM.setURL(`https://visa.example${path}`);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

afterEach(() => {
  cleanup();
});

describe("RecordReference", () => {
  it("shows the record id read from the URL of a dynamic page", async () => {
    goTo("/en/visa/abc123/details/");
    await act(async () => {
      render(<RecordReference locale="en" messages={pageMessages("en", "visa/[id]/details", "RecordReference")} />);
    });
    const reference = screen.getByTestId("record-id");
    expect(reference.textContent).toBe("Reference abc123");
    expect(reference.getAttribute("data-id")).toBe("abc123");
    expect(reference.getAttribute("aria-busy")).toBeNull();
  });

  it("shows the id of the page it is on, not the pre-rendered shell's placeholder", async () => {
    goTo("/en/admin/42/agent/");
    await act(async () => {
      render(<RecordReference locale="en" messages={pageMessages("en", "visa/[id]/details", "RecordReference")} />);
    });
    expect(screen.getByTestId("record-id").textContent).toBe("Reference 42");
    expect(screen.queryByText(/Reference _/)).toBeNull();
  });

  it("follows a change of URL after it is mounted", async () => {
    goTo("/en/visa/first/request/");
    await act(async () => {
      render(<RecordReference locale="en" messages={pageMessages("en", "visa/[id]/details", "RecordReference")} />);
    });
    expect(screen.getByTestId("record-id").textContent).toBe("Reference first");
    await act(async () => {
      goTo("/en/visa/second/details/");
    });
    expect(screen.getByTestId("record-id").textContent).toBe("Reference second");
  });

  it("shows a busy placeholder, not a reference, on a page without an id", async () => {
    goTo("/en/visa/");
    await act(async () => {
      render(<RecordReference locale="en" messages={pageMessages("en", "visa/[id]/details", "RecordReference")} />);
    });
    const reference = screen.getByTestId("record-id");
    expect(reference.textContent).toBe("");
    expect(reference.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText(/Reference/)).toBeNull();
  });

  it("uses the page's language", async () => {
    goTo("/ar/visa/abc123/details/");
    await act(async () => {
      render(<RecordReference locale="ar" messages={pageMessages("ar", "visa/[id]/details", "RecordReference")} />);
    });
    const text = screen.getByTestId("record-id").textContent ?? "";
    expect(text).toContain("abc123");
    expect(text).not.toContain("Reference");
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("RecordReference's short form", () => {
  it("shows a UUID as its last eight hex digits, the full id in the title, and no Arabic label in monospace", async () => {
    goTo("/ar/visa/0193a000-0000-7000-8000-000000030001/details/");
    await act(async () => {
      render(<RecordReference locale="ar" messages={pageMessages("ar", "visa/[id]/details", "RecordReference")} />);
    });
    const line = screen.getByTestId("record-id");
    expect(line.textContent).toBe("المرجع 00030001");
    expect(line.className).not.toContain("font-mono");
    const reference = screen.getByTestId("record-reference");
    expect(reference.tagName).toBe("BDI");
    expect(reference.getAttribute("dir")).toBe("ltr");
    expect(reference.className).toContain("font-mono");
    expect(reference.textContent).toBe("00030001");
    expect(reference.getAttribute("title")).toBe("0193a000-0000-7000-8000-000000030001");
  });

  it("shows a given human reference instead of the id", async () => {
    goTo("/en/visa/0193a000-0000-7000-8000-000000030001/details/");
    await act(async () => {
      render(<RecordReference locale="en" reference="VR-2026-000123" messages={pageMessages("en", "visa/[id]/details", "RecordReference")} />);
    });
    expect(screen.getByTestId("record-id").textContent).toBe("Reference VR-2026-000123");
  });

  it("keeps short ids as they are", () => {
    expect(shortReference("42")).toBe("42");
    expect(shortReference("0193A000-0000-7000-8000-00000000C001")).toBe("0000C001");
  });
});
