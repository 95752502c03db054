import { describe, expect, it } from "vitest";
import { createGroupPricesStore } from "../../src/admin/groups/group-prices.store";
import { createThemeStore, themeForm } from "../../src/admin/theme/theme.store";
import type { GroupPrice, Theme } from "../../src/contract/catalogue";
import { createHttp } from "../../src/lib/http";

/** A fetch at the network edge that answers by "METHOD path" and records what was sent. */
function edge(routes: Record<string, (body: unknown) => { status?: number; body: unknown }>) {
  const calls: { route: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const route = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, "")}`;
    const text = request.method === "GET" ? "" : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ route, body });
    const handler = routes[route];
    const answer = handler ? handler(body) : { status: 404, body: { statusCode: 404, message: `No ${route}` } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "Content-Type": "application/json" } });
  };
  const http = createHttp({ baseURL: "http://admin.test/api", accessToken: () => "t", refresh: async () => false, logout: () => undefined, notifyError: () => undefined, fetch });
  return { http, calls };
}

const price = (id: string, visaId: string, amount: number): GroupPrice => ({
  _id: id, groupId: "gold", visaId, visaTitle: { en: visaId, ar: visaId, ku: visaId }, price: amount, basePrice: 12500, createdAt: "", updatedAt: "",
});

describe("group price grid store (DESIGN §5)", () => {
  it("loads the group's overrides by visa", async () => {
    const { http } = edge({ "GET group-price/gold": () => ({ body: { data: [price("p1", "visa-a", 9900)], total: 1 } }) });
    const store = createGroupPricesStore(http);
    await store.loadGroup("gold");
    expect(store.$prices.get()).toEqual({ "visa-a": price("p1", "visa-a", 9900) });
  });

  it("creates an override where there is none, changes it where there is one, and clears it", async () => {
    const { http, calls } = edge({
      "GET group-price/gold": () => ({ body: { data: [price("p1", "visa-a", 9900)], total: 1 } }),
      "POST group-price": (body) => ({ status: 201, body: price("p2", (body as { visaId: string }).visaId, (body as { price: number }).price) }),
      "PATCH group-price/p1": (body) => ({ body: price("p1", "visa-a", (body as { price: number }).price) }),
      "DELETE group-price/p1": () => ({ body: { _id: "p1", deleted: true } }),
    });
    const store = createGroupPricesStore(http);
    await store.loadGroup("gold");
    await store.setPrice("visa-b", 11000);
    await store.setPrice("visa-a", 9500);
    expect(calls.slice(1).map((c) => [c.route, c.body])).toEqual([
      ["POST group-price", { groupId: "gold", visaId: "visa-b", price: 11000 }],
      ["PATCH group-price/p1", { price: 9500 }],
    ]);
    expect(store.$prices.get()["visa-a"]?.price).toBe(9500);
    expect(store.$prices.get()["visa-b"]?._id).toBe("p2");
    await store.clearPrice("visa-a");
    expect(calls.at(-1)?.route).toBe("DELETE group-price/p1");
    expect(store.$prices.get()["visa-a"]).toBeUndefined();
    expect(store.$busy.get()["visa-a"]).toBe(false);
  });

  it("hides a visa by sending its complete list of hidden groups, and shows it again", async () => {
    const { http, calls } = edge({
      "GET group-price/gold": () => ({ body: { data: [], total: 0 } }),
      "POST visa/set-hide-from-group/visa-a": (body) => ({ body: { _id: "visa-a", hiddenFromGroups: (body as { groupIds: string[] }).groupIds } }),
    });
    const store = createGroupPricesStore(http);
    await store.loadGroup("gold");
    const hidden = await store.setHidden({ _id: "visa-a", hiddenFromGroups: ["standard"] }, true);
    expect(calls.at(-1)?.body).toEqual({ groupIds: ["standard", "gold"] });
    expect(hidden.hiddenFromGroups).toEqual(["standard", "gold"]);
    await store.setHidden({ _id: "visa-a", hiddenFromGroups: ["standard", "gold"] }, false);
    expect(calls.at(-1)?.body).toEqual({ groupIds: ["standard"] });
  });
});

describe("theme store", () => {
  const theme = (over: Partial<Theme> = {}): Theme => ({
    _id: "t1", name: "Default", active: false, light: { primary: "#f59e0b", accent: "#3b82f6", background: "#f8f7f4", surface: "#ffffff", text: "#1c1917" },
    dark: { primary: "#fbbf24", accent: "#60a5fa", background: "#121110", surface: "#1c1b19", text: "#f5f5f4" }, logo: null, banners: [], createdAt: "", updatedAt: "", ...over,
  });

  it("sends PATCH theme/{id} as multipart: a data part with the JSON and the file parts", async () => {
    const sent: { path: string; form: FormData; method?: string }[] = [];
    const { http } = edge({ "GET theme/all": () => ({ body: { data: [theme(), theme({ _id: "t2", name: "Night", active: true })], total: 2 } }) });
    const store = createThemeStore(http, async <T,>(path: string, form: FormData, options?: { method?: string }) => {
      sent.push({ path, form, method: options?.method });
      return theme({ active: path.endsWith("t1") && JSON.parse(String(form.get("data"))).active === true }) as T;
    });
    await store.load();
    await store.activate("t1");
    expect(sent[0]).toMatchObject({ path: "theme/t1", method: "PATCH" });
    expect(JSON.parse(String(sent[0]!.form.get("data")))).toEqual({ active: true });
    // Activating one theme shows the others inactive at once.
    expect(store.$themes.get().map((t) => [t._id, t.active])).toEqual([["t1", true], ["t2", false]]);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    await store.uploadImage("t1", "logo", file);
    expect(sent[1]!.form.get("logo")).toBeInstanceOf(File);
    expect(sent[1]!.form.get("data")).toBe("{}");
  });

  it("sends a banner with the phone copy the browser made, right after it; without a copy, the banner alone", async () => {
    const sent: FormData[] = [];
    const copies: (File | null)[] = [new File(["w"], "wide-phone.webp", { type: "image/webp" }), null];
    const made: string[] = [];
    const store = createThemeStore(
      edge({}).http,
      async <T,>(_path: string, form: FormData) => {
        sent.push(form);
        return theme() as T;
      },
      async (file) => {
        made.push(file.name);
        return copies.shift()!;
      },
    );
    const wide = new File(["png"], "wide.png", { type: "image/png" });
    await store.uploadImage("t1", "banner", wide);
    expect([...sent[0]!.keys()]).toEqual(["data", "banner", "bannerPhone"]);
    expect((sent[0]!.get("bannerPhone") as File).name).toBe("wide-phone.webp");
    await store.uploadImage("t1", "banner", wide);
    expect([...sent[1]!.keys()]).toEqual(["data", "banner"]);
    // A logo has no phone copy: none is made.
    await store.uploadImage("t1", "logo", new File(["png"], "logo.png", { type: "image/png" }));
    expect(made).toEqual(["wide.png", "wide.png"]);
    expect([...sent[2]!.keys()]).toEqual(["data", "logo"]);
  });

  it("builds banner uploads under the field name the API reads", () => {
    const form = themeForm({}, { banner: new File(["x"], "b.webp", { type: "image/webp" }) });
    expect([...form.keys()].sort()).toEqual(["banner", "data"]);
  });
});
