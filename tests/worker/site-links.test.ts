/**
 * Banner and theme links stay on the site (issue 10, item 6): a same-site path with exactly one leading slash, or an
 * absolute https URL. The rule is the contract's `siteLink`, so the admin form and the API refuse the same links.
 */
import { describe, expect, it } from "vitest";
import { themePatch } from "../../src/contract/catalogue";
import { call } from "./fixtures";
import { adminToken, expectStatus, multipart, pngFile } from "./catalogue-fixtures";

const REFUSED = [
  "//evil.example/x", "/\\evil.example", "/\\/evil.example", "\\\\evil.example", "/\t/evil.example", "/\n/evil.example",
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "http://evil.example/",
  "https:evil.example", "https:/evil.example", "https://user:pass@evil.example/", "https://", "evil.example", "en/visa",
  "/en/visa x", "/\u0000/x", "vbscript:msgbox(1)", "ftp://files.example/",
];
const ACCEPTED = ["/en/visa", "/visa/available-visa/", "/ar/featured?country=IQ#top", "https://www.example.org/offer?x=1", "HTTPS://example.org", ""];

describe("the contract's link rule", () => {
  it.each(REFUSED)("refuses %j", (link) => {
    const result = themePatch.safeParse({ banners: [{ key: "k", title: { en: "", ar: "", ku: "" }, link }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain("validation.link");
  });
  it.each(ACCEPTED)("accepts %j", (link) => {
    expect(themePatch.safeParse({ banners: [{ key: "k", title: { en: "", ar: "", ku: "" }, link }] }).success).toBe(true);
  });
});

describe("PATCH theme", () => {
  it("refuses a protocol-relative or backslash link with a 400 naming the field, and keeps an https one", async () => {
    const admin = await adminToken();
    const theme = (await expectStatus(await call("GET", "/theme/all?active=true", { token: admin }), 200)).data[0];
    const added = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { banner: pngFile("one.png") }), 200);
    const key = added.banners.at(-1).key;
    for (const link of ["//evil.example/x", "/\\evil.example"]) {
      const json = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners: [{ key, title: { en: "", ar: "", ku: "" }, link }] }) }), 400);
      expect(json.message).toEqual(["banners.0.link: Use a page of the site starting with a single / (for example /en/featured) or an address starting with https://."]);
    }
    const ok = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners: [{ key, title: { en: "", ar: "", ku: "" }, link: "https://partner.example/offer" }] }) }), 200);
    expect(ok.banners.find((b: { key: string }) => b.key === key).link).toBe("https://partner.example/offer");
  });
});
