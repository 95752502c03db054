// The island strings of issue 9: resolved at build time per page, formatted without an i18n engine.
import { describe, expect, it } from "vitest";
import { format } from "../../src/lib/i18n";
import { messagesFor, tFor } from "../../src/lib/messages";
import en from "../../locales/en.json";
import ar from "../../locales/ar.json";

describe("messagesFor", () => {
  it("picks only the keys under the named prefixes", () => {
    const picked = messagesFor("en", ["nav"]);
    expect(Object.keys(picked).length).toBeGreaterThan(0);
    expect(Object.keys(picked).every((key) => key.startsWith("nav."))).toBe(true);
    expect(picked).toEqual(Object.fromEntries(Object.entries(en).filter(([key]) => key.startsWith("nav."))));
  });
  it("gives Arabic values in the Arabic page", () => {
    const key = Object.keys(ar).find((k) => k.startsWith("nav."))!;
    expect(messagesFor("ar", ["nav"])[key]).toBe((ar as Record<string, string>)[key]);
  });
});

describe("format", () => {
  const messages = {
    "x.hello": "Hello {{name}}",
    "x.files_one": "{{count}} file",
    "x.files_other": "{{count}} files",
    "y.files_zero": "لا ملفات",
    "y.files_one": "ملف واحد",
    "y.files_two": "ملفان",
    "y.files_few": "{{count}} ملفات",
    "y.files_many": "{{count}} ملفًا",
    "y.files_other": "{{count}} ملف",
  };
  it("fills placeholders", () => expect(format(messages, "en", "x.hello", { name: "Sara" })).toBe("Hello Sara"));
  it("leaves a placeholder without a value for a script to fill later", () =>
    expect(format(messages, "en", "x.hello")).toBe("Hello {{name}}"));
  it("chooses English plural forms", () => {
    expect(format(messages, "en", "x.files", { count: 1 })).toBe("1 file");
    expect(format(messages, "en", "x.files", { count: 5 })).toBe("5 files");
  });
  it("chooses the six Arabic plural forms, the count in the page's digits (issue 26)", () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => format(messages, "ar", "y.files", { count }))).toEqual([
      "لا ملفات", "ملف واحد", "ملفان", "٣ ملفات", "١١ ملفًا", "١٠٠ ملف",
    ]);
    // A year or a four-digit code stays whole; five digits and more are grouped.
    expect(format({ k: "{{n}}" }, "en", "k", { n: 2026 })).toBe("2026");
    expect(format({ k: "{{n}}" }, "en", "k", { n: 12345 })).toBe("12,345");
  });
  it("returns an unknown key as it is", () => expect(format(messages, "en", "x.nope")).toBe("x.nope"));
  it("falls back to Arabic for a key the page's language lacks (spec §9)", () => {
    const key = Object.keys(ar)[0]!;
    expect(tFor("en")(key)).toBe((en as Record<string, string>)[key]);
  });
});
