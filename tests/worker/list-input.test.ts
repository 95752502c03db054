/**
 * No 5xx from list input within the limits (issue 10, item 1). Every list endpoint gets each of its query parameters
 * at lengths up to (and one past) its validation limit, in Latin, Arabic and Sorani Kurdish script, and made of the
 * characters that matter to SQL and LIKE (% _ \ ' " and NUL). Each answer must be 2xx or 4xx.
 *
 * Table-driven: a new list joins with one line in LISTS (path, who may call it, its own filters).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, newCountry } from "./catalogue-fixtures";

type Caller = "admin" | "agent" | "anonymous";
interface ListEndpoint {
  path: string;
  caller: Caller;
  /** Query parameters beyond the common page/limit/search/sort/order (DESIGN §4). */
  filters: string[];
  /** Fixed query the endpoint needs to be reached at all (e.g. the public active theme). */
  base?: string;
}

// One line per list endpoint.
const LISTS: ListEndpoint[] = [
  { path: "/countries/list", caller: "agent", filters: ["enabled"] },
  { path: "/countries/list", caller: "admin", filters: ["enabled"] },
  { path: "/visa-requirements/list", caller: "admin", filters: ["kind"] },
  { path: "/visa/list", caller: "agent", filters: ["countryId", "travelMode", "featured", "enabled"] },
  { path: "/visa/list", caller: "admin", filters: ["countryId", "travelMode", "featured", "enabled"] },
  { path: "/visa/featured", caller: "agent", filters: [] },
  { path: "/visa/latest", caller: "agent", filters: [] },
  { path: "/visa/searchAvailableVisa/IQ/Air", caller: "agent", filters: [] },
  { path: "/groups", caller: "admin", filters: [] },
  { path: "/theme/all", caller: "admin", filters: ["active"] },
  // Anonymous callers reach the public active theme: the one list a visitor can call.
  { path: "/theme/all", caller: "anonymous", filters: [], base: "active=true" },
];

const COMMON = ["page", "limit", "search", "sort", "order"];
/** The longest value validation accepts (src/contract/common.ts listQuery; ids are 64); others are probed to 100. */
const LIMIT: Record<string, number> = { search: 100, sort: 40, countryId: 64 };

/** One letter of each script (Sorani's own letters: ێ ڕ ڵ ۆ). */
const SCRIPTS = { latin: "a", arabic: "ع", kurdish: "ێ" };
const SPECIALS = ["%", "_", "\\", "'", '"', "\u0000", "%_\\'\"\u0000"];

const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** The values each parameter is sent with: each script at 1, 50, the limit and one past it, and each special character. */
function valuesFor(param: string): string[] {
  const limit = LIMIT[param] ?? 100;
  const lengths = [...new Set([1, 50, 51, limit, limit + 1])];
  const out: string[] = [];
  for (const letter of Object.values(SCRIPTS)) for (const length of lengths) out.push(repeat(letter, length));
  for (const special of SPECIALS) {
    out.push(special, repeat(special, limit), `x${special}y`);
  }
  // Mixed scripts with wildcards, at the limit (what a pasted Arabic or Kurdish name with a typo could look like).
  out.push(repeat("ع%ێ_a\\", limit));
  return out;
}

let tokens: Record<Caller, string | null>;

beforeAll(async () => {
  tokens = { admin: await adminToken(), agent: (await agencyIn()).token, anonymous: null };
});

describe("list input within the limits never answers 5xx", () => {
  let sent = 0;

  it.each(LISTS.map((list) => [`${list.caller} ${list.path}`, list] as const))("%s", async (_, list) => {
    const failures: string[] = [];
    for (const param of [...COMMON, ...list.filters]) {
      for (const value of valuesFor(param)) {
        const query = `${list.base ? `${list.base}&` : ""}${param}=${encodeURIComponent(value)}`;
        const response = await call("GET", `${list.path}?${query}`, { token: tokens[list.caller] });
        sent++;
        if (response.status >= 500 || response.status < 200) failures.push(`${response.status} ${param}=${JSON.stringify(value).slice(0, 40)}… (${value.length}): ${(await response.text()).slice(0, 200)}`);
        else await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("sent the whole table", () => {
    // The count in the issue note: every endpoint × parameter × value above.
    const expected = LISTS.reduce((n, list) => n + [...COMMON, ...list.filters].reduce((m, p) => m + valuesFor(p).length, 0), 0);
    console.log(`list-input: ${sent} requests, none answered 5xx`);
    expect(sent).toBe(expected);
  });
});

describe("search is plain text", () => {
  it("finds wildcards, backslashes and quotes literally, and a long Arabic search finds its record", async () => {
    const arabic = repeat("بغداد", 60);
    const made = await newCountry(tokens.admin!, { name: localized("50%_off \\ O'Neil \"Land\"", `${arabic}`, "ناوی کوردی ێ") });
    const find = async (search: string) => {
      const json = await expectStatus(await call("GET", `/countries/list?limit=100&search=${encodeURIComponent(search)}`, { token: tokens.admin }), 200);
      return (json.data as { _id: string }[]).map((c) => c._id);
    };
    expect(await find("0%_o")).toContain(made._id);
    expect(await find("\\ o'neil \"land")).toContain(made._id);
    expect(await find(arabic.slice(0, 100))).toContain(made._id);
    expect(await find("ی ێ")).toContain(made._id);
    // A lone wildcard is a character to look for, not "anything": a country without one does not match it.
    const plain = await newCountry(tokens.admin!, { name: localized("Plainland", "سهل", "دەشت") });
    for (const wildcard of ["%", "_", "\\"]) {
      const found = await find(wildcard);
      expect(found, wildcard).toContain(made._id);
      expect(found, wildcard).not.toContain(plain._id);
    }
    expect(await find("%x%")).not.toContain(made._id);
  });
});
