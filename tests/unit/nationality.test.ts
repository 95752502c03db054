/** Passport nationality codes as country names (issue 26 item 6: "IRQ" is not a word a reader knows). */
import { describe, expect, it } from "vitest";
import { nationalityName, regionOfNationality } from "../../src/shared/nationality";

describe("passport nationalities", () => {
  it("maps ISO alpha-3 and ICAO's own codes to regions", () => {
    expect(regionOfNationality("IRQ")).toBe("IQ");
    expect(regionOfNationality("JOR")).toBe("JO");
    expect(regionOfNationality("D<<")).toBe("DE");
    expect(regionOfNationality("GBN")).toBe("GB");
    expect(regionOfNationality("XXA")).toBeNull(); // stateless: no country
  });

  it("names the country in the reader's language, and keeps a code no country has", () => {
    expect(nationalityName("IRQ", "en")).toBe("Iraq");
    expect(nationalityName("IRQ", "ar")).toBe("العراق");
    expect(nationalityName("IRQ", "ku")).toMatch(/^[\u0600-\u06FF\s]+$/);
    expect(nationalityName("XXA", "en")).toBe("XXA");
  });
});
