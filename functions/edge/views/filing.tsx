/**
 * The filing form of /visa/{id}/request (issue 9), drawn from the agent's own answers: the visa (its name, price,
 * field kinds and document requirements; the route's first data, asked once) and the agency's balance. As the
 * island shows them: a visa unknown or hidden from the agent's group (404, or 400 for what is not an id) is "not
 * found"; staff (403 on agents/balance: they have no money to see) get the form without prices. The drawn form cannot
 * be sent (its submit button is disabled); the island takes it over as the agent reaches for it.
 */
import type { Visa } from "../../../src/contract/catalogue";
import type { BalanceResponse } from "../../../src/contract/auth";
import { DrawnPassportScan, FilingFormView, emptyFiling } from "../../../src/features/requests/FilingFormView";
import type { Loadable, MoneyView } from "../../../src/features/requests/filing-model";
import type { ApiAnswer } from "../first-data";
import type { EdgeView, ViewRegistry } from "./view";

/** The visa's answer as the island's store holds it: anything but found / not found is its load error. */
function visaState(answer: ApiAnswer): Loadable<Visa> {
  if (answer.status === 200 && answer.body) return { status: "ready", data: answer.body as Visa };
  return answer.status === 404 || answer.status === 400 ? { status: "notFound" } : { status: "error" };
}

/** agents/balance answers agencies (200) and refuses staff (403), whom the island never shows money. */
const moneyState = (answer: ApiAnswer): MoneyView =>
  answer.status === 200
    ? { status: "ready", ...(answer.body as Pick<BalanceResponse, "balance" | "currency">) }
    : answer.status === 403
      ? { status: "hidden" }
      : { status: "error" };

const views: Record<string, EdgeView> = {
  filing: {
    calls: ["visa/one/:id", "agents/balance"],
    messages: ["filing", "requests", "common", "passport", "credit", "ui", "money"],
    // 200, not found (404/400) and staff's 403 are drawn as the island would; anything else (a failed balance, a
    // server error) is left to the browser, which asks again and shows its own answer.
    draws: (answer) => [200, 400, 403, 404].includes(answer.status),
    render: (_, { locale, answers }) => {
      const [visa, balance] = answers as [ApiAnswer, ApiAnswer];
      const state = emptyFiling(visaState(visa), moneyState(balance));
      return <FilingFormView {...state} locale={locale} live={false} passport={<DrawnPassportScan />} />;
    },
  },
};

const routes: Record<string, readonly string[]> = { "visa-request": ["filing"] };

export const filingViews: ViewRegistry = { views, routes };
