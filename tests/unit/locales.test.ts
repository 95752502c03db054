import { describe, expect, it } from "vitest";
import { LOCALE_INFO, isLocale, localeFromAcceptLanguage } from "../../src/shared/locales";

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["ar-IQ,en;q=0.5", "ar"],
    ["ar", "ar"],
    ["en-US,en;q=0.9", "en"],
    ["ckb", "ku"],
    ["ckb-IQ,ar;q=0.8", "ku"],
    ["ku-IQ", "ku"],
    ["KU", "ku"],
    ["fr, de, ku;q=0.1", "ku"],
    ["en;q=0.2, ar;q=0.9", "ar"],
    ["en;q=0.5, ar;q=0.5", "en"],
    ["fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7", "ar"],
    ["ar;q=0, en", "en"],
    ["  ar-IQ ; q=0.7 ,  en ; q=0.3 ", "ar"],
  ])("%j → %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });

  it.each([
    ["fr, de"],
    ["*"],
    ["en;q=0"],
    [""],
    ["   "],
    [",,,;;;"],
    ["q=0.5"],
    ["en;q=abc"],
    ["ara, eng"],
  ])("%j → null", (header) => {
    expect(localeFromAcceptLanguage(header)).toBeNull();
  });

  it("returns null without a header", () => {
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe("locale table", () => {
  it("knows exactly en, ar and ku, writes Kurdish as ckb and mirrors the Arabic-script languages", () => {
    expect(["en", "ar", "ku"].every(isLocale)).toBe(true);
    expect(isLocale("ckb")).toBe(false);
    expect(isLocale("fr")).toBe(false);
    expect(LOCALE_INFO.ku.htmlLang).toBe("ckb");
    expect(LOCALE_INFO.en.dir).toBe("ltr");
    expect(LOCALE_INFO.ar.dir).toBe("rtl");
    expect(LOCALE_INFO.ku.dir).toBe("rtl");
  });
});
