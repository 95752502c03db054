/** What one live message does to the page (spec §4 and §9): toast, news list, bell, new-request flag, balance. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { $liveBalance, $news, $newRequest, $recentEvents, $unseen, handleMessage } from "../../src/features/live/live.store";
import { $toasts, clearToasts, clickToast } from "../../src/lib/toast.store";
import type { PushMessage } from "../../src/contract/events";

const push = (type: PushMessage["data"]["type"], value: unknown, extra: Partial<PushMessage["notification"]> & { color?: string } = {}): PushMessage => ({
  notification: { title: extra.title ?? "Title", body: extra.body ?? "Body", icon: "/favicon.svg" },
  data: { type, value: JSON.stringify(value), color: extra.color ?? "" },
});
const news = (id: string, enabled = true) => ({ _id: id, enabled, title: { en: id, ar: id, ku: id }, message: { en: "", ar: "", ku: "" }, createdAt: "", updatedAt: "" });

beforeEach(() => {
  clearToasts();
  $news.set([news("a"), news("b")]);
  $recentEvents.set([]);
  $unseen.set(0);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

describe("handleMessage", () => {
  it("shows a push toast: not closed by a click, white unless the message names a colour, and logs the message", () => {
    const message = push("request.updated", { eventId: "e1" }, { title: "Request VR-1: Approved" });
    handleMessage(message);
    const [toast] = $toasts.get();
    expect(toast).toMatchObject({ title: "Request VR-1: Approved", description: "Body", closeOnClick: false, color: "#ffffff" });
    clickToast(toast!.id);
    expect($toasts.get()).toHaveLength(1);
    expect(console.log).toHaveBeenCalledWith("live message", message);
    handleMessage(push("request.updated", { eventId: "e2" }, { color: "#dcfce7" }));
    expect($toasts.get()[0]!.color).toBe("#dcfce7");
  });

  it("applies news messages by spec §4 and shows no toast for a removal or a disabled item", () => {
    handleMessage(push("news-feed.created", { news: news("c"), eventId: "e3" }));
    expect($news.get()!.map((n) => n._id)).toEqual(["c", "a", "b"]);
    handleMessage(push("news-feed.updated", { news: news("a", false) }));
    handleMessage(push("news-feed.removed", { news: { _id: "b" } }));
    expect($news.get()!.map((n) => n._id)).toEqual(["c"]);
    expect($toasts.get()).toHaveLength(1);
  });

  it("keeps the reader's read mark on an item an admin edits (a broadcast item carries none), and a new item is unread", () => {
    $news.set([{ ...news("a"), read: true }, { ...news("b"), read: false }]);
    handleMessage(push("news-feed.updated", { news: { ...news("a"), title: { en: "edited", ar: "edited", ku: "edited" } } }));
    handleMessage(push("news-feed.created", { news: news("c"), eventId: "e4" }));
    expect($news.get()!.map((n) => [n._id, n.title.en, n.read])).toEqual([["c", "c", undefined], ["a", "edited", true], ["b", "b", false]]);
  });

  it("counts events in the bell and lists them newest first", () => {
    handleMessage(push("event.created", { eventId: "x1" }, { title: "One" }));
    handleMessage(push("event.created", { eventId: "x1" }, { title: "One again" })); // same event: counted once
    expect($unseen.get()).toBe(1);
    expect($recentEvents.get()!.map((e) => e.title)).toEqual(["One"]);
  });

  it("sets the new-request flag on request.created and keeps it; takes the balance from balance messages", () => {
    handleMessage(push("request.updated", {}));
    expect($newRequest.get()).toBe(false);
    handleMessage(push("request.created", { requestId: "r1", eventId: "e9" }));
    handleMessage(push("request.updated", {}));
    expect($newRequest.get()).toBe(true);
    handleMessage(push("balance.updated", { balance: 12_500, currency: "USD", eventId: "b1" }));
    expect($liveBalance.get()).toEqual({ balance: 12_500, currency: "USD" });
  });
});
