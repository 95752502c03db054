/** Spec §4's news list rules, exactly (applyNewsChange is what the live store runs on every news message). */
import { describe, expect, it } from "vitest";
import { applyNewsChange, newsChangeOf } from "../../src/features/live/news-list";

const item = (id: string, enabled = true, title = id) => ({ _id: id, enabled, title });
const ids = (list: { _id: string }[]) => list.map((n) => n._id);

describe("news list (spec §4)", () => {
  const list = [item("a"), item("b"), item("c")];

  it("an update of an item that is not enabled removes it", () => {
    expect(ids(applyNewsChange(list, "updated", item("b", false)))).toEqual(["a", "c"]);
    expect(ids(applyNewsChange(list, "updated", item("z", false)))).toEqual(["a", "b", "c"]);
  });

  it("an update of an enabled item replaces the entry with the same _id in place", () => {
    const next = applyNewsChange(list, "updated", item("b", true, "B2"));
    expect(ids(next)).toEqual(["a", "b", "c"]);
    expect(next[1]!.title).toBe("B2");
  });

  it("an update of an enabled item that is absent appends it", () => {
    expect(ids(applyNewsChange(list, "updated", item("d")))).toEqual(["a", "b", "c", "d"]);
  });

  it("a created item goes to the front only if it is enabled", () => {
    expect(ids(applyNewsChange(list, "created", item("d")))).toEqual(["d", "a", "b", "c"]);
    expect(ids(applyNewsChange(list, "created", item("d", false)))).toEqual(["a", "b", "c"]);
  });

  it("a created item already listed is not listed twice", () => {
    expect(ids(applyNewsChange(list, "created", item("b")))).toEqual(["b", "a", "c"]);
  });

  it("a removal deletes the entry by _id (an unknown id changes nothing)", () => {
    expect(ids(applyNewsChange(list, "removed", { _id: "a" }))).toEqual(["b", "c"]);
    expect(ids(applyNewsChange(list, "removed", { _id: "x" }))).toEqual(["a", "b", "c"]);
  });

  it("never changes the list it was given", () => {
    const copy = structuredClone(list);
    applyNewsChange(list, "updated", item("b", true, "B2"));
    applyNewsChange(list, "removed", { _id: "a" });
    expect(list).toEqual(copy);
  });

  it("reads the change from the push type", () => {
    expect(newsChangeOf("news-feed.created")).toBe("created");
    expect(newsChangeOf("news-feed.updated")).toBe("updated");
    expect(newsChangeOf("news-feed.removed")).toBe("removed");
    expect(newsChangeOf("request.created")).toBeNull();
  });
});
