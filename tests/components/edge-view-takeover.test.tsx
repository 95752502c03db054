/**
 * What the reader did in an edge-drawn view before its island was there is not lost (issue 9): a checkbox they
 * cleared is cleared in the island too, as by their click (src/lib/edge-view-mount.tsx), and a button they pressed
 * is pressed on the island's once it can be (src/lib/edge-view-press.ts). Real React, real DOM (happy-dom).
 */
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import { mountIn } from "../../src/lib/edge-view-mount";
import { replayPress } from "../../src/lib/edge-view-press";
import { registerViews, takeOver } from "../../src/lib/edge-views";
import type { Messages } from "../../src/lib/i18n";

/** A view as the edge leaves it: its drawn HTML, marked drawn. */
function drawnView(name: string, html: string): HTMLElement {
  const view = document.createElement("div");
  view.dataset.edgeView = name;
  view.dataset.locale = "en";
  view.setAttribute("data-edge-filled", "");
  view.innerHTML = html;
  document.body.append(view);
  return view;
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("taking over a drawn view", () => {
  it("a checkbox cleared before the island is cleared in the island, which acts on it as on a click", async () => {
    const view = drawnView("kinds", '<label><input type="checkbox" checked data-testid="kind-news"> News</label>');
    const box = view.querySelector<HTMLInputElement>('[data-testid="kind-news"]')!;
    box.click();
    expect(box.checked).toBe(false);
    const changes: boolean[] = [];
    function Island() {
      const [on, setOn] = useState(true);
      return (
        <label>
          <input type="checkbox" checked={on} onChange={(e) => { setOn(e.currentTarget.checked); changes.push(e.currentTarget.checked); }} data-testid="kind-news" />
          News
        </label>
      );
    }
    mountIn(view, Island);
    await waitFor(() => expect(view.hasAttribute("data-edge-live")).toBe(true));
    await waitFor(() => expect(view.querySelector<HTMLInputElement>('[data-testid="kind-news"]')!.checked).toBe(false));
    expect(changes).toEqual([false]);
  });

  it("a button pressed before the island is pressed on the island's (the same row's), once it is enabled, once", async () => {
    const rows = '<ul><li><button type="button" data-testid="row-action">A</button></li><li><button type="button" data-testid="row-action">B</button></li></ul>';
    const view = drawnView("rows", rows);
    replayPress(view);
    view.querySelectorAll<HTMLButtonElement>('[data-testid="row-action"]')[1]!.click();
    const pressed: string[] = [];
    function Island() {
      // Enabled only once it runs, as a submit button waits for its island.
      const [ready, setReady] = useState(false);
      useEffect(() => setReady(true), []);
      return (
        <ul>
          {["A", "B"].map((row) => (
            <li key={row}>
              <button type="button" disabled={!ready} onClick={() => pressed.push(row)} data-testid="row-action">{row}</button>
            </li>
          ))}
        </ul>
      );
    }
    mountIn(view, Island);
    await waitFor(() => expect(pressed).toEqual(["B"]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pressed).toEqual(["B"]);
  });

  it("nothing pressed, nothing replayed", async () => {
    const view = drawnView("quiet", '<button type="button" data-testid="save">Save</button>');
    replayPress(view);
    const pressed: string[] = [];
    mountIn(view, () => <button type="button" onClick={() => pressed.push("save")} data-testid="save">Save</button>);
    await waitFor(() => expect(view.hasAttribute("data-edge-live")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pressed).toEqual([]);
  });

  it("a tap that went down on a drawn button while the island swapped in presses the island's once the finger is up", async () => {
    const view = drawnView("tap", '<button type="button" data-testid="download">Download</button>');
    replayPress(view);
    // The finger goes down on the drawn button (which brings the island)...
    view.querySelector("button")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    const pressed: string[] = [];
    mountIn(view, () => <button type="button" onClick={() => pressed.push("download")} data-testid="download">Download</button>);
    await waitFor(() => expect(view.hasAttribute("data-edge-live")).toBe(true));
    // ...and comes up after the swap: the drawn button is gone, so the browser makes no click of it.
    expect(pressed).toEqual([]);
    window.dispatchEvent(new Event("pointerup"));
    await waitFor(() => expect(pressed).toEqual(["download"]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pressed).toEqual(["download"]);
  });

  it("a pointer that went down and up before the island, without a click (a scroll), presses nothing", async () => {
    const view = drawnView("scroll", '<button type="button" data-testid="download">Download</button>');
    replayPress(view);
    view.querySelector("button")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    window.dispatchEvent(new Event("pointercancel"));
    const pressed: string[] = [];
    mountIn(view, () => <button type="button" onClick={() => pressed.push("download")} data-testid="download">Download</button>);
    await waitFor(() => expect(view.hasAttribute("data-edge-live")).toBe(true));
    window.dispatchEvent(new Event("pointerup"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pressed).toEqual([]);
  });

  it("a row's button is pressed on the same record in the island, even when the island's list has changed meanwhile", async () => {
    const rows = '<ul><li data-reference="A"><button type="button" data-testid="cancel">Cancel</button></li><li data-reference="B"><button type="button" data-testid="cancel">Cancel</button></li></ul>';
    const view = drawnView("orders", rows);
    replayPress(view);
    view.querySelectorAll<HTMLButtonElement>('[data-testid="cancel"]')[1]!.click(); // B's
    const pressed: string[] = [];
    // An order placed meanwhile comes first in the island's list: B is now the third row.
    mountIn(view, () => (
      <ul>
        {["C", "A", "B"].map((row) => (
          <li key={row} data-reference={row}>
            <button type="button" onClick={() => pressed.push(row)} data-testid="cancel">Cancel</button>
          </li>
        ))}
      </ul>
    ));
    await waitFor(() => expect(pressed).toEqual(["B"]));
  });

  it("the island's strings come from the message files the view names, not from the page", async () => {
    const view = drawnView("texts", "<p>drawn</p>");
    view.removeAttribute("data-edge-filled"); // not drawn: taken over at once
    view.dataset.messagesSrc = "/messages/b1/en/news.json /messages/b1/en/common.json";
    const files: Record<string, Messages> = {
      "/messages/b1/en/news.json": { "news.title": "News" },
      "/messages/b1/en/common.json": { "common.more": "More" },
    };
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(files[url]), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const Island = ({ messages }: { messages: Messages }) => <p data-testid="texts">{`${messages["news.title"]} · ${messages["common.more"]}`}</p>;
    registerViews({ texts: async () => ({ default: Island }) });
    await waitFor(() => expect(view.querySelector('[data-testid="texts"]')?.textContent).toBe("News · More"));
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(files).sort());

    // A second view naming the same files shares them: nothing is fetched again.
    const other = drawnView("texts-2", "<p>drawn</p>");
    other.removeAttribute("data-edge-filled");
    other.dataset.messagesSrc = "/messages/b1/en/news.json";
    registerViews({ "texts-2": async () => ({ default: ({ messages }: { messages: Messages }) => <p data-testid="texts-2">{messages["news.title"]}</p> }) });
    await waitFor(() => expect(other.querySelector('[data-testid="texts-2"]')?.textContent).toBe("News"));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a message file that cannot be read leaves the drawn view in place, and the next take-over tries again", async () => {
    const view = drawnView("retry", "<p data-testid='drawn'>drawn</p>");
    view.removeAttribute("data-edge-filled");
    view.dataset.messagesSrc = "/messages/en/news.retry.json";
    vi.spyOn(console, "debug").mockImplementation(() => {});
    let up = false;
    vi.stubGlobal("fetch", vi.fn(async () => (up ? new Response('{"news.title":"News"}', { status: 200 }) : new Response("", { status: 503 }))));
    const Island = ({ messages }: { messages: Messages }) => <p data-testid="texts">{messages["news.title"]}</p>;
    registerViews({ retry: async () => ({ default: Island }) });
    await waitFor(() => expect(console.debug).toHaveBeenCalled());
    expect(view.querySelector('[data-testid="drawn"]')).not.toBeNull();
    expect(view.querySelector('[data-testid="texts"]')).toBeNull();
    up = true;
    takeOver("retry");
    await waitFor(() => expect(view.querySelector('[data-testid="texts"]')?.textContent).toBe("News"));
  });
});
