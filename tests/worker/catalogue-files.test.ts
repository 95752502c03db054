/**
 * Files and the theme (DESIGN §8, spec §9): uploads checked by their leading bytes and size, server-made keys, the
 * files route and its headers, replaced or removed images gone from R2, anonymous access limited to the active theme.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { BASE, call } from "./fixtures";
import {
  adminToken, agencyIn, expectStatus, jpegFile, keyOf, multipart, newCountry, newVisa, pngFile, staffOf, webpFile,
} from "./catalogue-fixtures";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
const COLOURS = {
  light: { primary: "#d4a017", accent: "#1d4ed8", background: "#fafaf9", surface: "#ffffff", text: "#1c1917" },
  dark: { primary: "#fbbf24", accent: "#60a5fa", background: "#0c0a09", surface: "#1c1917", text: "#fafaf9" },
};

let admin: string;
let agent: string;
let staff: string;
let visa: Record<string, any>;

beforeAll(async () => {
  admin = await adminToken();
  const agency = await agencyIn();
  agent = agency.token;
  staff = await staffOf(agency.id);
  visa = await newVisa(admin, (await newCountry(admin))._id);
});

const stored = async (url: string) => env.FILES.head(keyOf(url));
const fetchFile = (url: string, init: RequestInit = {}) => SELF.fetch(`${BASE}${url}`, init);

describe("DELETE visa/image/{id} (our addition)", () => {
  it("removes the main image: the visa answers without one and the object is gone from R2", async () => {
    const own = await newVisa(admin, (await newCountry(admin))._id);
    const added = await expectStatus(await multipart("POST", `/visa/image/${own._id}`, admin, { file: pngFile() }), 200);
    expect(await stored(added.image)).not.toBeNull();
    const removed = await expectStatus(await call("DELETE", `/visa/image/${own._id}`, { token: admin }), 200);
    expect(removed._id).toBe(own._id);
    expect(removed.image ?? null).toBeNull();
    expect(await stored(added.image)).toBeNull();
    const again = await expectStatus(await call("GET", `/visa/one/${own._id}`, { token: admin }), 200);
    expect(again.image ?? null).toBeNull();
    // Removing it again is no error; an unknown visa is 404; only an admin may.
    await expectStatus(await call("DELETE", `/visa/image/${own._id}`, { token: admin }), 200);
    await expectStatus(await call("DELETE", `/visa/image/${UNKNOWN}`, { token: admin }), 404);
    await expectStatus(await call("DELETE", `/visa/image/${own._id}`, { token: agent }), 403);
  });
});

describe("POST visa/image/{id}", () => {
  it("stores a PNG under a server-made key and answers the visa with its URL", async () => {
    const json = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile("../../etc/passwd.png") }), 200);
    expect(json.image).toMatch(/^\/api\/files\/visa\/[0-9a-f-]{36}\.png$/);
    expect(json.image).not.toContain("passwd");
    const object = await stored(json.image);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
  });

  it("detects JPEG and WebP by their bytes, whatever the name and declared type say", async () => {
    const jpeg = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: new File([await jpegFile().arrayBuffer()], "x.png", { type: "image/png" }) }), 200);
    expect(jpeg.image).toMatch(/\.jpg$/);
    const webp = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: webpFile("x.gif") }), 200);
    expect(webp.image).toMatch(/\.webp$/);
  });

  it("replacing the image deletes the old object", async () => {
    const first = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile() }), 200);
    expect(await stored(first.image)).not.toBeNull();
    const second = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile() }), 200);
    expect(second.image).not.toBe(first.image);
    expect(await stored(first.image)).toBeNull();
    expect(await stored(second.image)).not.toBeNull();
  });

  it("refuses a renamed text file (415) and keeps the image as it was", async () => {
    const before = await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200);
    const text = new File(["<?php echo 'hello'; ?> this is text"], "photo.png", { type: "image/png" });
    const refused = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: text }), 415);
    expect(refused).toMatchObject({ code: "UNSUPPORTED_FILE_TYPE", message: "This file type is not accepted. Upload a JPEG, PNG or WebP image." });
    const pdf = new File(["%PDF-1.7\n"], "doc.png", { type: "image/png" });
    await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pdf }), 415);
    const ar = await SELF.fetch(`${BASE}/api/visa/image/${visa._id}`, { method: "POST", headers: { Authorization: `Bearer ${admin}`, "Accept-Language": "ar" }, body: (() => { const f = new FormData(); f.append("file", text); return f; })() });
    expect((await expectStatus(ar, 415)).message).toBe("نوع هذا الملف غير مقبول. ارفع صورة بصيغة JPEG أو PNG أو WebP.");
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200)).image).toBe(before.image);
  });

  it("refuses a file over 10 MB (413) and stores nothing", async () => {
    const before = (await env.FILES.list({ prefix: "visa/" })).objects.length;
    const big = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile("big.png", MAX_FILE_BYTES + 1) }), 413);
    expect(big).toMatchObject({ code: "FILE_TOO_LARGE", message: "The file is too large. Each file may be at most 10 MB." });
    expect((await env.FILES.list({ prefix: "visa/" })).objects.length).toBe(before);
    // Exactly 10 MB is fine.
    await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile("limit.png", MAX_FILE_BYTES) }), 200);
  });

  it("refuses a body declared larger than one file before reading it (413), and a broken multipart body is a 400", async () => {
    const huge = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile("huge.png", MAX_FILE_BYTES + 2 * 1024 * 1024) }), 413);
    expect(huge.code).toBe("FILE_TOO_LARGE");
    const broken = await SELF.fetch(`${BASE}/api/visa/image/${visa._id}`, {
      method: "POST", headers: { Authorization: `Bearer ${admin}`, "Content-Type": "multipart/form-data; boundary=nope" }, body: "garbage without parts",
    });
    expect((await expectStatus(broken, 400)).code).toBe("MULTIPART_EXPECTED");
  });

  it("answers 400 without a file or without multipart, 401, 403, 404", async () => {
    expect((await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { other: pngFile() }), 400)).message).toEqual(["file: Choose a file."]);
    expect((await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: "just text" }), 400)).message).toEqual(["file: Choose a file."]);
    expect((await expectStatus(await call("POST", `/visa/image/${visa._id}`, { token: admin, body: { file: "x" } }), 400)).code).toBe("MULTIPART_EXPECTED");
    await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, null, { file: pngFile() }), 401);
    await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, agent, { file: pngFile() }), 403);
    await expectStatus(await multipart("POST", `/visa/image/${UNKNOWN}`, admin, { file: pngFile() }), 404);
  });

  it("deleting the visa deletes its main and content images", async () => {
    const doomed = await newVisa(admin, visa.country._id);
    const main = (await expectStatus(await multipart("POST", `/visa/image/${doomed._id}`, admin, { file: pngFile() }), 200)).image;
    const content = (await expectStatus(await multipart("POST", `/visa/uploadContentImage/${doomed._id}`, admin, { file: jpegFile() }), 201)).url;
    await expectStatus(await call("DELETE", `/visa/${doomed._id}`, { token: admin }), 200);
    expect(await stored(main)).toBeNull();
    expect(await stored(content)).toBeNull();
  });
});

describe("POST visa/uploadContentImage/{id}", () => {
  it("stores an image for the rich content and answers { url }", async () => {
    const json = await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, admin, { file: webpFile() }), 201);
    expect(Object.keys(json)).toEqual(["url"]);
    expect(json.url).toMatch(/^\/api\/files\/visa\/[0-9a-f-]{36}\.webp$/);
    // The URL survives content sanitizing.
    const patched = await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { content: { en: `<img src="${json.url}" alt="x">`, ar: "", ku: "" } } }), 200);
    expect(patched.content.en).toBe(`<img src="${json.url}" alt="x">`);
  });

  it("answers 415, 413, 400, 401, 403, 404", async () => {
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, admin, { file: new File(["GIF89a..."], "a.gif") }), 415);
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, admin, { file: pngFile("b.png", MAX_FILE_BYTES + 100) }), 413);
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, admin, {}), 400);
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, null, { file: pngFile() }), 401);
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, staff, { file: pngFile() }), 403);
    await expectStatus(await multipart("POST", `/visa/uploadContentImage/${UNKNOWN}`, admin, { file: pngFile() }), 404);
  });
});

describe("GET /api/files/<key>", () => {
  it("serves catalogue images to any signed-in session (bearer or cookie) with safe headers, never anonymously", async () => {
    const url = (await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile() }), 200)).image;
    const sessions: Record<string, string>[] = [{ Authorization: `Bearer ${agent}` }, { Authorization: `Bearer ${staff}` }, { Cookie: `auth.accessToken=${encodeURIComponent(agent)}` }];
    for (const headers of sessions) {
      const response = await fetchFile(url, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${url.split("/").pop()}"`);
      expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
      expect(new Uint8Array(await response.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    }
    const anonymous = await fetchFile(url);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe("Agent session expired");
  });

  it("answers 304 for a matching ETag, 404 for unknown or malformed keys", async () => {
    const url = (await expectStatus(await multipart("POST", `/visa/uploadContentImage/${visa._id}`, admin, { file: pngFile() }), 201)).url;
    const first = await fetchFile(url, { headers: { Authorization: `Bearer ${agent}` } });
    const etag = first.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    const again = await fetchFile(url, { headers: { Authorization: `Bearer ${agent}`, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    for (const path of [`/api/files/visa/${UNKNOWN.replace("-7000-", "-7001-")}.png`, "/api/files/visa/..%2F..%2Fsecret.png", "/api/files/requests/x.png", "/api/files/theme/nothing.png"]) {
      expect((await fetchFile(path, { headers: { Authorization: `Bearer ${agent}` } })).status, path).toBe(404);
    }
  });
});

describe("theme", () => {
  async function activeTheme(token?: string) {
    return (await expectStatus(await call("GET", "/theme/all?active=true", { token }), 200)).data[0];
  }

  it("anonymous visitors read the active theme (default written on first use) and nothing else", async () => {
    const theme = await activeTheme();
    expect(theme).toMatchObject({ active: true, light: { primary: expect.stringMatching(/^#[0-9a-f]{6}$/i) }, banners: expect.any(Array) });
    for (const path of ["/theme/all", "/theme/all?active=false", `/theme/${theme._id}`, "/visa/list", "/countries/complete-list", "/visa-requirements/list"]) {
      expect((await call("GET", path)).status, path).toBe(401);
    }
    expect((await expectStatus(await call("GET", "/theme/all?active=maybe", { token: agent }), 400)).message).toEqual(["active: This value is not valid."]);
  });

  it("agents and staff read themes; 404 for an unknown id", async () => {
    const theme = await activeTheme(agent);
    expect((await expectStatus(await call("GET", `/theme/${theme._id}`, { token: staff }), 200))._id).toBe(theme._id);
    expect((await expectStatus(await call("GET", "/theme/all", { token: agent }), 200)).total).toBeGreaterThanOrEqual(1);
    expect((await expectStatus(await call("GET", `/theme/${UNKNOWN}`, { token: agent }), 404)).message).toBe("Theme not found.");
  });

  it("PATCH (multipart) sets colours, logo and banners; images are public; removing them deletes the objects", async () => {
    const theme = await activeTheme(admin);
    const data = JSON.stringify({ name: "Gold and blue", ...COLOURS });
    const json = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data, logo: pngFile("logo.png"), banner: [pngFile("one.png"), webpFile("two.webp")] }), 200);
    expect(json).toMatchObject({ name: "Gold and blue", light: COLOURS.light, dark: COLOURS.dark, active: true });
    expect(json.logo).toMatch(/^\/api\/files\/theme\/[0-9a-f-]{36}\.png$/);
    expect(json.banners).toHaveLength(theme.banners.length + 2);
    const [one, two] = json.banners.slice(-2);
    expect(two.url).toMatch(/\.webp$/);
    expect(one).toMatchObject({ title: { en: "", ar: "", ku: "" } });

    // Public: the login page shows the logo without a session; cached publicly, never sniffed.
    const logo = await fetchFile(json.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(logo.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // Banner texts and order by key.
    const texts = [{ key: two.key, title: { en: "Schengen in 10 days", ar: "شنغن خلال 10 أيام", ku: "شێنگن لە ١٠ ڕۆژدا" }, link: "/en/visa" }, { key: one.key, title: { en: "", ar: "", ku: "" } }];
    const reordered = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners: texts }) }), 200);
    expect(reordered.banners.slice(0, 2).map((b: { key: string }) => b.key)).toEqual([two.key, one.key]);
    expect(reordered.banners[0]).toMatchObject({ title: { ar: "شنغن خلال 10 أيام" }, link: "/en/visa" });

    // A new logo replaces the old one, whose object goes.
    const relogo = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { logo: jpegFile() }), 200);
    expect(await stored(json.logo)).toBeNull();
    expect(await stored(relogo.logo)).not.toBeNull();

    const noLogo = await expectStatus(await call("DELETE", `/theme/${theme._id}/logo`, { token: admin }), 200);
    expect(noLogo.logo).toBeNull();
    expect(await stored(relogo.logo)).toBeNull();
    await expectStatus(await call("DELETE", `/theme/${theme._id}/logo`, { token: admin }), 404);

    const fewer = await expectStatus(await call("DELETE", `/theme/${theme._id}/${one.key}`, { token: admin }), 200);
    expect(fewer.banners.map((b: { key: string }) => b.key)).not.toContain(one.key);
    expect(await stored(one.url)).toBeNull();
    expect((await expectStatus(await call("DELETE", `/theme/${theme._id}/${one.key}`, { token: admin }), 404)).message).toBe("File not found.");
  });

  it("PATCH also takes plain JSON; bad input is a 400 naming the field and changes nothing", async () => {
    const theme = await activeTheme(admin);
    const json = await expectStatus(await call("PATCH", `/theme/${theme._id}`, { token: admin, body: { name: "Plain JSON" } }), 200);
    expect(json.name).toBe("Plain JSON");
    const bad = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ light: { ...COLOURS.light, primary: "red" } }), logo: pngFile() }), 400);
    expect(bad.message).toEqual(["light.primary: Use a colour like #D4A017."]);
    expect((await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{not json" }), 400)).message).toEqual(["data: This is not valid JSON."]);
    expect((await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners: [{ key: "nope", title: { en: "", ar: "", ku: "" } }] }) }), 400)).message).toEqual(["banners.0.key: This reference is not valid."]);
    expect((await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners: [{ key: "a", title: { en: "", ar: "", ku: "" }, link: "javascript:alert(1)" }] }) }), 400)).message).toEqual(["banners.0.link: Use a page of the site starting with a single / (for example /en/featured) or an address starting with https://."]);
    await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { banner: new File(["not an image"], "x.png") }), 415);
    await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { logo: pngFile("huge.png", MAX_FILE_BYTES + 1) }), 413);
    const after = await expectStatus(await call("GET", `/theme/${theme._id}`, { token: admin }), 200);
    expect(after).toMatchObject({ name: "Plain JSON", light: json.light, logo: json.logo });
    expect(after.banners).toEqual(json.banners);
  });

  it("PATCH and DELETE are admin-only (401, 403) and answer 404 for unknown themes; bad ids are 400", async () => {
    const theme = await activeTheme(admin);
    await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, null, { data: "{}" }), 401);
    await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, agent, { data: "{}" }), 403);
    await expectStatus(await multipart("PATCH", `/theme/${UNKNOWN}`, admin, { data: "{}" }), 404);
    await expectStatus(await call("DELETE", `/theme/${theme._id}/logo`), 401);
    await expectStatus(await call("DELETE", `/theme/${theme._id}/logo`, { token: staff }), 403);
    await expectStatus(await call("DELETE", `/theme/${UNKNOWN}/logo`, { token: admin }), 404);
    expect((await expectStatus(await call("DELETE", `/theme/${theme._id}/a.b`, { token: admin }), 400)).message).toEqual(["x: This reference is not valid."]);
  });
});

describe("visa images and who may see the visa (issue 11)", () => {
  const image = (url: string, token: string) => SELF.fetch(`${BASE}${url}`, { headers: { Authorization: `Bearer ${token}` } });

  it("serves a hidden visa's main and content images to admins and other groups, never to the hidden group", async () => {
    const country = await newCountry(admin);
    const hiddenFrom = await agencyIn();
    const other = await agencyIn();
    const secret = await newVisa(admin, country._id);
    const main = (await expectStatus(await multipart("POST", `/visa/image/${secret._id}`, admin, { file: pngFile() }), 200)).image as string;
    const content = (await expectStatus(await multipart("POST", `/visa/uploadContentImage/${secret._id}`, admin, { file: pngFile() }), 201)).url as string;
    await expectStatus(await call("POST", `/visa/set-hide-from-group/${secret._id}`, { token: admin, body: { groupIds: [hiddenFrom.groupId] } }), 200);
    for (const url of [main, content]) {
      expect((await image(url, admin)).status).toBe(200);
      expect((await image(url, other.token)).status).toBe(200);
      expect((await image(url, hiddenFrom.token)).status).toBe(404);
      expect((await image(url, await staffOf(hiddenFrom.id))).status).toBe(404);
    }
  });

  it("keeps a disabled visa's image from every agency", async () => {
    const country = await newCountry(admin);
    const off = await newVisa(admin, country._id, { enabled: false });
    const url = (await expectStatus(await multipart("POST", `/visa/image/${off._id}`, admin, { file: pngFile() }), 200)).image as string;
    expect((await image(url, admin)).status).toBe(200);
    expect((await image(url, agent)).status).toBe(404);
  });
});
