import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RichTextEditor } from "../../src/admin/kit/RichTextEditor";
import { sanitizerLoaded, withSanitizer } from "../../src/admin/kit/rich-text";
import { usePageMessages } from "./page-messages";

afterEach(() => cleanup());

const editor = (value: string, onChange = vi.fn()) => {
  usePageMessages("en", "admin/news", "view:admin-news");
  render(<RichTextEditor value={value} onChange={onChange} label="Message (English)" lang="en" dir="ltr" testId="message" />);
  return { area: screen.getByTestId("message-area"), onChange };
};

// One file, one module state: the first test runs before the sanitizer has ever loaded.
describe("rich-text editor: typing is never dropped while its code loads", () => {
  it("an editor mounted before the sanitizer says it is busy and is not editable, then becomes editable", async () => {
    expect(sanitizerLoaded()).toBe(false);
    const { area } = editor("<p>Old</p>");
    expect(area.getAttribute("contenteditable")).toBe("false");
    expect(area.getAttribute("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(area.getAttribute("contenteditable")).toBe("true"), { timeout: 10_000 });
    expect(area.innerHTML).toBe("<p>Old</p>");
  });

  it("a part loaded with the sanitizer shows an editor that is editable, with its content, in its first frame", async () => {
    const part = await withSanitizer(Promise.resolve("the part"));
    expect(part).toBe("the part");
    expect(sanitizerLoaded()).toBe(true);
    const { area, onChange } = editor('<p>Hello <script>alert(1)</script><strong>world</strong></p>');
    // No waiting: what render() returned is what the first frame shows.
    expect(area.getAttribute("contenteditable")).toBe("true");
    expect(area.getAttribute("aria-busy")).toBe("false");
    expect(area.innerHTML).toBe("<p>Hello <strong>world</strong></p>");
    area.innerHTML = "<p>Hello <strong>world</strong>, typed at once</p>";
    act(() => {
      fireEvent.input(area);
    });
    expect(onChange).toHaveBeenLastCalledWith("<p>Hello <strong>world</strong>, typed at once</p>");
  });
});
