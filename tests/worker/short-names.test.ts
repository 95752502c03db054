/**
 * Short names refuse control characters and bidirectional overrides with a 400 naming the field (issue 10, item 1):
 * one rule in src/contract/common.ts, so agency, country, group and visa names all get it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, PASSWORD, uniqueEmail } from "./fixtures";
import { adminToken, expectStatus, localized, newCountry, nextCode } from "./catalogue-fixtures";

const MESSAGE = "Remove control characters and text-direction overrides.";
const BAD = { "right-to-left override": "Evil\u202Egnp.exe", "left-to-right isolate": "a\u2066b", NUL: "a\u0000b", newline: "Two\nlines", escape: "a\u001b[31m", C1: "a\u0085b" };

let admin: string;
let countryId: string;
beforeAll(async () => {
  admin = await adminToken();
  countryId = (await newCountry(admin))._id;
});

describe.each(Object.entries(BAD))("a short name with a %s", (_, bad) => {
  it("is refused for a country, naming the language field", async () => {
    const json = await expectStatus(await call("POST", "/countries", { token: admin, body: { name: { ...localized("Fine"), ar: bad }, code: nextCode() } }), 400);
    expect(json.message).toEqual([`name.ar: ${MESSAGE}`]);
  });
  it("is refused for a group", async () => {
    const json = await expectStatus(await call("POST", "/groups", { token: admin, body: { name: bad } }), 400);
    expect(json.message).toEqual([`name: ${MESSAGE}`]);
  });
  it("is refused for a visa title", async () => {
    const body = { countryId, title: { ...localized("Tourist"), ku: bad }, price: 100, processingDays: 1, validityDays: 1, travelMode: "Air" };
    const json = await expectStatus(await call("POST", "/visa", { token: admin, body }), 400);
    expect(json.message).toEqual([`title.ku: ${MESSAGE}`]);
  });
  it("is refused for an agency registering", async () => {
    const body = { name: bad, contactName: "Contact", email: uniqueEmail("bidi"), phone: "+964 750 000 0000", password: PASSWORD };
    const json = await expectStatus(await call("POST", "/agents/create", { body }), 400);
    expect(json.message).toEqual([`name: ${MESSAGE}`]);
  });
});

it("keeps the marks Arabic and Sorani typists use (RLM, ALM, zero-width non-joiner)", async () => {
  const made = await newCountry(admin, { name: localized("Marks", "عراق\u200F", "هەولێر\u200C\u061Cی") });
  expect(made.name.ku).toBe("هەولێر\u200C\u061Cی");
});
