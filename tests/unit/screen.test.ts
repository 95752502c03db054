/**
 * The lists draw the table or the cards by a media query in script (src/lib/screen.ts) where they used to leave it to
 * CSS (`md:hidden`): the two must switch at the same width, spec §9's md, or a window between them would show a
 * layout the CSS of the same page disagrees with.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MD_PX, screenClasses, screenOfRequest } from "../../src/lib/screen";

describe("screen", () => {
  it("switches at the stylesheet's md", () => {
    const css = readFileSync("src/styles/global.css", "utf8");
    expect(/--breakpoint-md:\s*(\d+)px/.exec(css)?.[1]).toBe(String(MD_PX));
    expect(MD_PX).toBe(960);
  });

  it("draws only the cards for a request from a phone, both for anything else", () => {
    expect(screenOfRequest(new Headers({ "Sec-CH-UA-Mobile": "?1" }))).toBe("narrow");
    expect(screenOfRequest(new Headers({ "Sec-CH-UA-Mobile": "?0" }))).toBe("any");
    expect(screenOfRequest(new Headers({ "Sec-CH-UA-Mobile": "1" }))).toBe("any");
    expect(screenOfRequest(new Headers())).toBe("any");
  });

  it("leaves the switch to CSS only when both layouts are drawn", () => {
    expect(screenClasses("any")).toEqual({ wide: "hidden md:block", narrow: "md:hidden" });
    expect(screenClasses("narrow")).toEqual({ wide: "", narrow: "" });
    expect(screenClasses("wide")).toEqual({ wide: "", narrow: "" });
  });
});
