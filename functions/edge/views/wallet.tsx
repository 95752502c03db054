/**
 * The money pages' views (issue 9): the agent's statement (/transactions) and the dense history (/transactions-old),
 * drawn from the agent's own ledger answers with the components the islands use. Only an agency's own account has a
 * ledger: staff are sent home by the guard before this, and anyone else the API refuses (403) sees MoneyGate's
 * refusal, as the island would show it. Both read the list's filters, search and page from the address with the same
 * functions (statementQueryFromSearch, historyQueryFromSearch), so the first view is what the island's first call asks.
 */
import { DateRangeFields } from "../../../src/admin/kit/DateRangeFields";
import { loadedTable } from "../../../src/admin/kit/ResourceTableView";
import { queryParams, type ListQuery } from "../../../src/admin/kit/list-query";
import type { Transaction, TransactionListResponse } from "../../../src/contract/transactions";
import BalanceChart from "../../../src/features/wallet/BalanceChart";
import { HISTORY_ROWS, HistoryView } from "../../../src/features/wallet/HistoryView";
import { NoMoney } from "../../../src/features/wallet/NoMoney";
import { StatementView } from "../../../src/features/wallet/StatementView";
import { EMPTY_TOP_UP, TopUpView, instructionsIn } from "../../../src/features/wallet/TopUpView";
import type { BalanceResponse } from "../../../src/contract/auth";
import type { Branding, PaymentInstructions, TopUpRequestList } from "../../../src/contract/credit";
import { BrandingView, brandingValues } from "../../../src/features/branding/BrandingView";
import { AGENT_LEDGER, balanceSeries, historyQueryFromSearch, seriesParams, statementQueryFromSearch } from "../../../src/features/wallet/ledger";
import type { ApiAnswer } from "../first-data";
import type { EdgeView, ViewRegistry } from "./view";
import { callPath } from "../../../src/shared/call-path";

/** A call of the agent's ledger with the query string the island's HTTP client sends. */
const ledgerCall = (params: Record<string, string | number>) => callPath(AGENT_LEDGER, params);

const historyQuery = (url: URL): ListQuery => historyQueryFromSearch(url.search, HISTORY_ROWS);

/** An answer of the ledger, or the API's refusal (not an agency's own account), which MoneyGate shows as such. */
const drawsLedger = (answer: ApiAnswer) => answer.status === 200 || answer.status === 403;
const refused = (answers: readonly ApiAnswer[]) => answers.some((answer) => answer.status === 403);

/** The balance and credit line a page of the ledger carries, as the statement's and the history's views take them. */
const ledgerSummary = (page: TransactionListResponse) =>
  ({ ...(page.balance === undefined ? {} : { balance: page.balance }), currency: page.currency, ...(page.credit ? { credit: page.credit } : {}) });

const views: Record<string, EdgeView> = {
  "statement-page": {
    calls: (url) => {
      const query = statementQueryFromSearch(url.search);
      return [ledgerCall(queryParams(query)), ledgerCall(seriesParams(query.filters.from, query.filters.to))];
    },
    messages: ["kit", "transactions", "ui", "wallet", "credit"],
    zoned: true,
    draws: drawsLedger,
    render: ([list, series], { locale, timeZone, answers, url }) => {
      if (refused(answers)) return <NoMoney />;
      const page = list as TransactionListResponse;
      const query = statementQueryFromSearch(url.search);
      return (
        <StatementView
          locale={locale}
          timeZone={timeZone}
          summary={ledgerSummary(page)}
          series={{ status: "ready", points: balanceSeries((series as TransactionListResponse).data) }}
          table={loadedTable<Transaction>(query, page)}
          chart={(props) => <BalanceChart {...props} />}
          dates={<DateRangeFields start={query.filters.from ?? ""} end={query.filters.to ?? ""} />}
        />
      );
    },
  },
  "history-page": {
    calls: (url) => [ledgerCall(queryParams(historyQuery(url)))],
    messages: ["kit", "pages", "transactions", "ui", "wallet", "credit"],
    zoned: true,
    draws: drawsLedger,
    render: ([list], { locale, timeZone, answers, url }) => {
      if (refused(answers)) return <NoMoney />;
      const page = list as TransactionListResponse;
      return <HistoryView locale={locale} timeZone={timeZone} summary={ledgerSummary(page)} table={loadedTable<Transaction>(historyQuery(url), page)} />;
    },
  },
  // Issue 30: the top-up page from the island's own three calls (staff never reach it: the guard sends them home).
  "top-up-page": {
    calls: ["agents/balance", "top-up-requests?limit=50", "settings/payment-instructions"],
    messages: ["credit", "money", "requests", "topUps", "upload", "validation", "ui"],
    zoned: true,
    render: ([balance, list, instructions], { locale, timeZone }) => (
      <TopUpView
        locale={locale} timeZone={timeZone} balance={balance as BalanceResponse} list={list as TopUpRequestList}
        instructions={instructionsIn(instructions as PaymentInstructions, locale)} values={EMPTY_TOP_UP}
      />
    ),
  },
  // Issue 30: the branding page from the island's one call (owner only: the guard sends staff home, as from /top-up).
  "branding-page": {
    calls: ["agents/branding"],
    messages: ["branding", "requests", "upload", "validation", "ui"],
    render: ([saved]) => <BrandingView saved={saved as Branding} values={brandingValues(saved as Branding)} />,
  },
};

const routes: Record<string, readonly string[]> = {
  transactions: ["statement-page"],
  "top-up": ["top-up-page"],
  branding: ["branding-page"],
  "transactions-old": ["history-page"],
};

export const walletViews: ViewRegistry = { views, routes };
