import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBalanceDialog } from "../../src/admin/transactions/balance-dialog.store";
import type { Transaction } from "../../src/contract/transactions";
import { Statement } from "../../src/features/wallet/StatementPage";
import { balanceSeries, runningBalanceBreaks } from "../../src/features/wallet/ledger";
import { createStatementStore } from "../../src/features/wallet/statement.store";
import { chartGeometry } from "../../src/features/wallet/BalanceChart";
import { FakeRoutes, json } from "./money-requests-fake";
import { usePageMessages } from "./page-messages";

const agency = { _id: "agency-1", name: "Sunrise Travel" };
const row = (id: string, type: Transaction["type"], amount: number, balanceAfter: number, at: string, extra: Partial<Transaction> = {}): Transaction => ({
  _id: id, type, direction: type === "TopUp" || type === "Refund" ? "Incoming" : "Outgoing", amount, balanceAfter, currency: "USD",
  reference: null, requestReference: null, note: null, createdBy: null, createdAt: at, agency, ...extra,
});

/** Newest first, as the API lists a statement: 2,500.00 opening, a 100.00 order, its refund, a 50.00 top-up. */
const LEDGER: Transaction[] = [
  row("t4", "TopUp", 5_000, 255_000, "2026-11-20T12:00:00.000Z", { note: "Bank transfer 7781" }),
  row("t3", "Refund", 10_000, 250_000, "2026-11-19T12:00:00.000Z", { reference: "req-1", requestReference: "VR-2026-000001" }),
  row("t2", "Order", 10_000, 240_000, "2026-11-18T12:00:00.000Z", { reference: "req-1", requestReference: "VR-2026-000001" }),
  row("t1", "TopUp", 250_000, 250_000, "2026-11-01T09:00:00.000Z", { note: "Opening balance" }),
];

function statementApi(rows = LEDGER) {
  const api = new FakeRoutes();
  api.on("GET", "transactions/findAllByAgent", ({ query }) => {
    const type = query.type;
    const data = rows.filter((r) => !type || r.type === type);
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 20);
    return json(200, { data: data.slice((page - 1) * limit, page * limit), total: data.length, page, limit, balance: rows[0]?.balanceAfter ?? 0, currency: "USD" });
  });
  return api;
}

afterEach(() => cleanup());

describe("statement: running balance", () => {
  beforeAll(() => usePageMessages("en", "transactions", "StatementPage"));

  it("shows each movement with the balance right after it, signed amounts and the balance now", async () => {
    const api = statementApi();
    const store = createStatementStore({ http: api.client().http });
    render(<Statement store={store} />);
    const grid = await screen.findByTestId("statement-table-grid");
    await waitFor(() => expect(within(grid).getAllByTestId("table-row")).toHaveLength(4));
    const balances = within(grid).getAllByTestId("tx-balance").map((cell) => cell.textContent);
    expect(balances).toEqual(["$2,550.00", "$2,500.00", "$2,400.00", "$2,500.00"]);
    const amounts = within(grid).getAllByTestId("tx-amount").map((cell) => cell.textContent);
    expect(amounts).toEqual(["+$50.00", "+$100.00", "−$100.00", "+$2,500.00"]);
    expect(screen.getByTestId("statement-balance-amount").textContent).toBe("$2,550.00");
    expect(within(grid).getAllByRole("link").map((a) => a.textContent)).toEqual(["VR-2026-000001", "VR-2026-000001"]);
    // The chart reads the same dates, oldest point first.
    await waitFor(() => expect(screen.getByTestId("balance-chart").dataset.points).toBe("4"));
  });

  it("filters by type and keeps each row's own running balance", async () => {
    const api = statementApi();
    const store = createStatementStore({ http: api.client().http });
    await store.setFilter("type", "Refund");
    expect(store.$list.get().data.map((r) => [r._id, r.balanceAfter])).toEqual([["t3", 250_000]]);
    expect(api.callsTo("GET", "transactions/findAllByAgent").at(-1)!.query).toMatchObject({ type: "Refund", sort: "createdAt", order: "desc" });
  });

  it("keeps the balance of the newest answer when an older, slower one arrives last", async () => {
    const api = new FakeRoutes();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on("GET", "transactions/findAllByAdmin", async ({ query }) => {
      if (!query.agentId) await held;
      return json(200, { data: [], total: 0, page: 1, limit: 20, currency: "USD", ...(query.agentId ? { balance: 75_000 } : {}) });
    });
    const store = createStatementStore({ http: api.client().http, list: "transactions/findAllByAdmin" });
    const first = store.load();
    await store.setFilter("agentId", "agency-2");
    release();
    await first;
    expect(store.$summary.get()).toEqual({ balance: 75_000, currency: "USD" });
  });

  it("checks a running balance chain and finds a break", () => {
    expect(runningBalanceBreaks(LEDGER)).toEqual([]);
    const broken = LEDGER.map((r) => (r._id === "t3" ? { ...r, balanceAfter: 251_000 } : r));
    expect(runningBalanceBreaks(broken)).toEqual(["t4", "t3"]);
  });

  it("draws the balance as a step line from the oldest point, highest at the top", () => {
    const points = balanceSeries(LEDGER);
    expect(points.map((p) => p.balance)).toEqual([250_000, 240_000, 250_000, 255_000]);
    const geometry = chartGeometry(points, 100, 100);
    expect(geometry.max).toBe(255_000);
    expect(geometry.dots[0]!.x).toBeLessThan(geometry.dots[3]!.x);
    expect(geometry.dots[3]!.y).toBeLessThan(geometry.dots[1]!.y);
    expect(geometry.path.startsWith("M")).toBe(true);
  });
});

describe("top-up and withdrawal dialog", () => {
  function dialogApi() {
    const api = new FakeRoutes();
    let balance = 75_000;
    api.on("GET", "transactions/findAllByAdmin", () => json(200, { data: [], total: 0, page: 1, limit: 1, balance, currency: "USD" }));
    api.on("POST", /^transactions\/update-balance\/agency-1$/, ({ body }) => {
      const { operation, amount } = body as { operation: string; amount: number };
      if (operation === "SUBTRACT" && amount > balance) return json(402, { statusCode: 402, message: "Insufficient balance", code: "INSUFFICIENT_BALANCE" });
      balance += operation === "ADD" ? amount : -amount;
      return json(201, { transaction: row("new", operation === "ADD" ? "TopUp" : "Withdrawal", amount, balance, "2026-11-21T00:00:00.000Z"), balance });
    });
    let keys = 0;
    const done: unknown[] = [];
    const dialog = createBalanceDialog({ http: api.client().http, newKey: () => `key-${++keys}`, onDone: (answer) => done.push(answer) });
    return { api, dialog, done, balance: () => balance };
  }
  const posts = (api: FakeRoutes) => api.callsTo("POST", /^transactions\/update-balance\//);

  it("checks the agency, the amount and the note before sending anything", async () => {
    const { api, dialog } = dialogApi();
    dialog.open(null);
    expect(await dialog.submit()).toBe(false);
    expect(dialog.$state.get().errors).toMatchObject({ agentId: { key: "validation.required" }, amount: { key: "validation.required" }, note: { key: "validation.required" } });
    dialog.set("agentId", "agency 1!");
    dialog.set("amount", "12.345");
    dialog.set("note", "Cash");
    expect(await dialog.submit()).toBe(false);
    expect(dialog.$state.get().errors).toEqual({ agentId: { key: "validation.id" }, amount: { key: "money.tooManyDecimals" } });
    dialog.set("amount", "0");
    dialog.set("agentId", "agency-1");
    expect(await dialog.submit()).toBe(false);
    expect(dialog.$state.get().errors).toEqual({ amount: { key: "validation.amountPositive" } });
    expect(posts(api)).toHaveLength(0);
  });

  it("sends the amount in minor units with an Idempotency-Key, and the same key again on a retry after no answer", async () => {
    const { api, dialog, done, balance } = dialogApi();
    dialog.open({ _id: "agency-1", name: "Tigris Tours" });
    dialog.set("amount", "١٢٥٫٥٠");
    dialog.set("note", "Bank transfer 991");
    let drop = true;
    api.on("POST", /^transactions\/update-balance\/agency-1$/, () => (drop ? "drop" : json(201, { transaction: row("x", "TopUp", 12_550, 87_550, "2026-11-21T00:00:00.000Z"), balance: 87_550 })));
    expect(await dialog.submit()).toBe(false);
    expect(dialog.$state.get().problem).toEqual({ kind: "noAnswer" });
    drop = false;
    expect(await dialog.submit()).toBe(true);
    const sent = posts(api);
    expect(sent.map((c) => c.body)).toEqual([
      { operation: "ADD", amount: 12_550, note: "Bank transfer 991" },
      { operation: "ADD", amount: 12_550, note: "Bank transfer 991" },
    ]);
    expect(sent.map((c) => c.headers["idempotency-key"])).toEqual(["key-1", "key-1"]);
    expect(done).toHaveLength(1);
    expect(dialog.$state.get().open).toBe(false);
    expect(balance()).toBe(75_000);
  });

  it("uses a new key when the input changed, and for the next operation", async () => {
    const { api, dialog } = dialogApi();
    dialog.open({ _id: "agency-1", name: "Tigris Tours" });
    dialog.set("amount", "10");
    dialog.set("note", "First");
    let drop = true;
    api.on("POST", /^transactions\/update-balance\/agency-1$/, () => (drop ? "drop" : json(201, { transaction: row("x", "TopUp", 1, 1, "2026-11-21T00:00:00.000Z"), balance: 1 })));
    await dialog.submit();
    dialog.set("amount", "20");
    drop = false;
    await dialog.submit();
    dialog.open({ _id: "agency-1", name: "Tigris Tours" });
    dialog.set("amount", "20");
    dialog.set("note", "First");
    await dialog.submit();
    expect(posts(api).map((c) => c.headers["idempotency-key"])).toEqual(["key-1", "key-2", "key-3"]);
  });

  it("explains a withdrawal past the balance (402) with the balance now, and writes nothing", async () => {
    const { dialog, balance, done } = dialogApi();
    dialog.open({ _id: "agency-1", name: "Tigris Tours" }, "SUBTRACT");
    dialog.set("amount", "800");
    dialog.set("note", "Refund to the agency");
    expect(await dialog.submit()).toBe(false);
    expect(dialog.$state.get().problem).toEqual({ kind: "insufficient", balance: 75_000 });
    expect(dialog.$state.get().open).toBe(true);
    expect(balance()).toBe(75_000);
    expect(done).toHaveLength(0);
    // A smaller withdrawal goes through.
    dialog.set("amount", "750");
    expect(await dialog.submit()).toBe(true);
    expect(balance()).toBe(0);
  });
});
