/**
 * transactions/* (spec §7, DESIGN §5) plus our GET transactions/reconcile. Money: agents read their own ledger, admins
 * everyone's and move balances; staff users (kind User) get 403 on every call here.
 */
import { Hono } from "hono";
import { transactionListQuery, updateBalanceInput } from "../../../src/contract/transactions";
import { config } from "../../config";
import { idempotent, principalKey } from "../../services/idempotency";
import { balanceUpdateAnswer, listTransactions, reconcile, updateBalance } from "../../services/ledger";
import { exportTransactions } from "../../services/request-exports";
import { agencyOf, personOf } from "../../services/requests";
import { principalOf, requireAdmin, requireAgent } from "../auth";
import type { AppEnv } from "../context";
import { idParam } from "../params";
import { jsonBody, query } from "../validate";
import { exportContext, formatParam } from "./requests.routes";

export const transactionRoutes = new Hono<AppEnv>();

transactionRoutes.get("/findAllByAgent", requireAgent, async (c) => {
  const q = query(c, transactionListQuery);
  return c.json(await listTransactions(c.env.DB, config(c.env).currency, { ...q, agentId: agencyOf(principalOf(c)) }));
});
transactionRoutes.get("/findAllByAdmin", requireAdmin, async (c) => c.json(await listTransactions(c.env.DB, config(c.env).currency, query(c, transactionListQuery), true)));

transactionRoutes.get("/exportAllByAgent/:format", requireAgent, async (c) => {
  const format = formatParam(c);
  return exportTransactions(exportContext(c, format), false, { ...query(c, transactionListQuery), agentId: agencyOf(principalOf(c)) });
});
transactionRoutes.get("/exportAllByAdmin/:format", requireAdmin, async (c) => {
  const format = formatParam(c);
  return exportTransactions(exportContext(c, format), true, query(c, transactionListQuery));
});

/** ADD → TopUp, SUBTRACT → Withdrawal (402 past the balance, nothing written); Idempotency-Key honoured. */
transactionRoutes.post("/update-balance/:id", requireAdmin, async (c) => {
  const agentId = idParam(c);
  const input = await jsonBody(c, updateBalanceInput);
  const principal = principalOf(c);
  const db = c.env.DB;
  const currency = config(c.env).currency;
  const result = await idempotent(
    db,
    { principal: principalKey(principal), key: c.req.header("Idempotency-Key"), scope: `POST /transactions/update-balance/${agentId}`, body: input },
    (complete) => updateBalance(db, currency, agentId, input, personOf(principal), (id) => complete(id, 201)),
    (id) => balanceUpdateAnswer(db, id, currency),
  );
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.value, 201);
});

transactionRoutes.get("/reconcile", requireAdmin, async (c) => c.json(await reconcile(c.env.DB)));
