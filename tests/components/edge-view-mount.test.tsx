/**
 * An island swapping in for an edge-drawn (or built) view (src/lib/edge-view-mount.tsx): what the reader typed into
 * the drawn field is there after the swap, and so is every keystroke that lands right after it. The islands' fields
 * are controlled by stores whose subscriptions React makes in effects; a keystroke handled before those existed was
 * put back by React and the next one built on the old text (a lost letter on the sign-in page, under load).
 */
import { atom } from "nanostores";
import { afterEach, describe, expect, it } from "vitest";
import { mountIn } from "../../src/lib/edge-view-mount";
import { useStore } from "../../src/lib/use-store";

const $text = atom("");

function Island({ greeting }: { greeting?: string }) {
  const text = useStore($text);
  return (
    <form data-testid="island" data-greeting={greeting}>
      <input data-testid="field" value={text} onChange={(event) => $text.set(event.target.value)} />
    </form>
  );
}

/** One keystroke at the end of the field, as the browser delivers it: the value changes, then `input` fires. */
function typeKey(input: HTMLInputElement, key: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, input.value + key);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** A view as the page holds it: the drawn form with a field the reader has typed into and still has the focus. */
function drawnView(typed: string): HTMLElement {
  const view = document.createElement("div");
  view.dataset.edgeView = "test";
  view.dataset.locale = "en";
  view.dataset.props = JSON.stringify({ greeting: "from the page" });
  view.innerHTML = '<form><input data-testid="field" value=""></form>';
  document.body.append(view);
  const input = view.querySelector("input")!;
  input.focus();
  input.value = typed;
  return view;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  document.body.innerHTML = "";
  $text.set("");
});

describe("an island swapping in for its drawn view", () => {
  it("keeps what was typed before, and every key typed the moment it has swapped in", async () => {
    const view = drawnView("ab");
    // The reader types on the instant the island is there: in the same turn as the swap, before anything else ran.
    const typedOn = new Promise<void>((resolve) => {
      new MutationObserver((_, observer) => {
        if (!view.hasAttribute("data-edge-live")) return;
        observer.disconnect();
        const input = view.querySelector<HTMLInputElement>('[data-testid="field"]')!;
        typeKey(input, "c");
        typeKey(input, "d");
        resolve();
      }).observe(view, { attributes: true, attributeFilter: ["data-edge-live"] });
    });
    mountIn(view, Island);
    await typedOn;
    await tick();
    const input = view.querySelector<HTMLInputElement>('[data-testid="field"]')!;
    expect(view.querySelector('[data-testid="island"]'), "the island replaced the drawn form").not.toBeNull();
    expect(input.value).toBe("abcd");
    expect($text.get()).toBe("abcd");
    expect(document.activeElement, "the focus stays in the field").toBe(input);
  });

  it("gives the island the props the page set on the view", async () => {
    const view = drawnView("");
    mountIn(view, Island);
    await tick();
    expect(view.querySelector('[data-testid="island"]')?.getAttribute("data-greeting")).toBe("from the page");
  });
});
