/** Open pages follow the records the live hub reports on (issue 26): which messages touch which records, one reload per change. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { COALESCE_MS, followRecords, recordsChanged, requestTopic, topicsOf } from "../../src/lib/record-changes";

const message = (type: string, value: unknown) => ({ data: { type, value: JSON.stringify(value), color: "#ffffff" } }) as Parameters<typeof topicsOf>[0];

describe("topicsOf", () => {
  it("a request's messages touch that request and the request lists; money touches the balance; news touches no record", () => {
    expect(topicsOf(message("request.updated", { requestId: "r1", status: "InProcess" }))).toEqual(["request:r1", "requests"]);
    expect(topicsOf(message("document.uploaded", { requestId: "r2" }))).toEqual(["request:r2", "requests"]);
    expect(topicsOf(message("request.created", { requestId: "r3" }))).toEqual(["request:r3", "requests"]);
    expect(topicsOf(message("balance.updated", { balance: 100, currency: "USD" }))).toEqual(["balance"]);
    expect(topicsOf(message("news-feed.created", { news: {} }))).toEqual([]);
    expect(topicsOf({ data: { type: "request.updated", value: "not json", color: "" } } as Parameters<typeof topicsOf>[0])).toEqual(["requests"]);
  });
});

describe("followRecords", () => {
  afterEach(() => vi.useRealTimers());

  it("reloads the pages that follow a changed record, once for messages that come together, and never after stopping", () => {
    vi.useFakeTimers();
    const one = vi.fn();
    const other = vi.fn();
    const lists = vi.fn();
    const stopOne = followRecords([requestTopic("r1")], one);
    const stopOther = followRecords([requestTopic("r2")], other);
    const stopLists = followRecords(["requests"], lists);

    recordsChanged(["request:r1", "requests"]);
    recordsChanged(["request:r1", "requests"]); // its refund or a second event of the same change
    vi.advanceTimersByTime(COALESCE_MS);
    expect(one).toHaveBeenCalledTimes(1);
    expect(lists).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    // A reconnect: everything may have changed.
    recordsChanged(["*"]);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(other).toHaveBeenCalledTimes(1);
    expect(one).toHaveBeenCalledTimes(2);

    stopOne();
    recordsChanged(["request:r1"]);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(one).toHaveBeenCalledTimes(2);
    stopOther();
    stopLists();
  });
});
