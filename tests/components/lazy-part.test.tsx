import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPart, openWith, useOpenedPart } from "../../src/lib/lazy-part";

afterEach(cleanup);

const Dialog = ({ title }: { title: string }) => <div role="dialog" aria-label={title}>{title}</div>;

/** A Suspense boundary that counts how often its fallback was shown: a part whose code is there must never show it. */
function Boundary({ children, shown }: { children: React.ReactNode; shown: { count: number } }) {
  function Fallback() {
    shown.count++;
    return <p>waiting</p>;
  }
  return <Suspense fallback={<Fallback />}>{children}</Suspense>;
}

describe("lazyPart: a part loaded on first use", () => {
  it("shows in the very render that opens it once its code is loaded: no fallback, no Suspense wait", async () => {
    const loader = vi.fn(async () => Dialog);
    const part = lazyPart(loader);
    await part.load();
    const shown = { count: 0 };
    act(() => {
      render(<Boundary shown={shown}><part.Part title="Create" /></Boundary>);
    });
    // Synchronously after the render: React 19 would otherwise hold the reveal back up to 300 ms.
    expect(screen.getByRole("dialog", { name: "Create" })).toBeTruthy();
    expect(shown.count).toBe(0);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("rendered before its code is there, waits in its Suspense boundary and loads the code once", async () => {
    let resolve!: (component: typeof Dialog) => void;
    const loader = vi.fn(() => new Promise<typeof Dialog>((r) => (resolve = r)));
    const part = lazyPart(loader);
    const shown = { count: 0 };
    act(() => {
      render(<Boundary shown={shown}><part.Part title="Edit" /></Boundary>);
    });
    expect(screen.getByText("waiting")).toBeTruthy();
    void part.load();
    await act(async () => resolve(Dialog));
    expect(await screen.findByRole("dialog", { name: "Edit" })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("a failed load is tried again by the next call", async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(Dialog);
    const part = lazyPart<{ title: string }>(loader);
    await expect(part.load()).rejects.toThrow("offline");
    await expect(part.load()).resolves.toBe(Dialog);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe("openWith and useOpenedPart: openers wait for the code, then open", () => {
  it("openWith opens after the part's code is there, and still opens when the code cannot load", async () => {
    const order: string[] = [];
    const good = { load: () => new Promise<void>((r) => setTimeout(() => (order.push("loaded"), r()), 5)) };
    await openWith([good], () => order.push("opened"));
    expect(order).toEqual(["loaded", "opened"]);
    const bad = { load: () => Promise.reject(new Error("offline")) };
    const open = vi.fn();
    await openWith([bad], open);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("a store-opened part renders only once opened and loaded, then stays mounted after it closes", async () => {
    const part = lazyPart(async () => Dialog);
    const shown = { count: 0 };
    function Page() {
      const [open, setOpen] = useState(false);
      const ready = useOpenedPart(part, open);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>toggle</button>
          {ready && <Boundary shown={shown}><part.Part title={open ? "Top up" : "closed"} /></Boundary>}
        </>
      );
    }
    render(<Page />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => screen.getByText("toggle").click());
    expect(await screen.findByRole("dialog", { name: "Top up" })).toBeTruthy();
    await act(async () => screen.getByText("toggle").click());
    expect(screen.getByRole("dialog", { name: "closed" })).toBeTruthy();
    expect(shown.count).toBe(0);
  });
});
