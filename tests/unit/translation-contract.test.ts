/** The translation order's schema speaks to the agent (issue 26 item 5): an empty language asks for one. */
import { describe, expect, it } from "vitest";
import { orderInput } from "../../src/contract/translation";

describe("orderInput", () => {
  it("an empty language field says to choose a language, once; a bad reference is still refused as one", () => {
    const result = orderInput.safeParse({ serviceId: "s1", fromLanguageId: "", toLanguageId: "", pages: 1 });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(["fromLanguageId: validation.chooseLanguage", "toLanguageId: validation.chooseLanguage"]);
    const bad = orderInput.safeParse({ serviceId: "s1", fromLanguageId: "a b", toLanguageId: "x", pages: 1 });
    expect(bad.error!.issues.map((issue) => issue.message)).toEqual(["validation.id"]);
  });
});
