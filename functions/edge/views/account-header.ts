/**
 * The header's account menu drawn for the signed-in viewer (issue 9): the name and email, and for an agency its
 * balance and the warning under its group's low-balance threshold, by the same rule as the browser's
 * (src/lib/account-view.ts). The data is the viewer's own GET auth/session, through the same API handler as the
 * browser's. The page carries that answer as JSON for AccountMenu.client.ts, which keeps it for the page's islands and
 * the next pages instead of asking again, and formats nothing at start: a page's first Intl number format is one long
 * task on a phone. Without a 200 answer the header is left to the browser, as before.
 */
import { ACCOUNT_DATA_ID, accountShown, sessionBalanceOf, sessionRecordOf, type SessionInfo } from "../../../src/lib/account-view";
import type { Locale } from "../../../src/shared/locales";
import { apiAnswer, scriptSafeJson } from "../first-data";
import type { ApiHandler } from "../session";

/** The viewer's session answer, or null when there is none to draw from. */
export async function accountOf(request: Request, callApi: ApiHandler): Promise<SessionInfo | null> {
  const answer = await apiAnswer("/auth/session", request, callApi);
  const body = answer?.status === 200 ? (answer.body as SessionInfo | undefined) : undefined;
  return body && typeof body.kind === "string" ? body : null;
}

/** Draws the header's account parts (their markup starts in the signed-out-looking state) and writes the answer. */
export function withAccount(rewriter: HTMLRewriter, session: SessionInfo, locale: Locale): HTMLRewriter {
  const shown = accountShown({ user: sessionRecordOf(session), kind: session.kind, balance: sessionBalanceOf(session) }, locale);
  const show = (el: Element) => void el.removeAttribute("hidden");
  // Text, not HTML: setInnerContent escapes it (a name is whatever the agency typed).
  const write = (text: string | null) => ({ element: (el: Element) => void (text && (el.setInnerContent(text), show(el))) });
  return rewriter
    .on("[data-account]", { element: (el) => void el.setAttribute("data-edge-filled", "") })
    .on("[data-account-name]", write(shown.name))
    .on("[data-account-email]", write(shown.email))
    .on("[data-account-balance]", { element: (el) => void (shown.money && show(el)) })
    .on("[data-account-balance] [data-amount]", { element: (el) => void (shown.money && el.setInnerContent(shown.money)) })
    .on("[data-account-available]", { element: (el) => void (shown.available && show(el)) })
    .on("[data-account-available] [data-amount]", { element: (el) => void (shown.available && el.setInnerContent(shown.available)) })
    .on("[data-account-debt]", { element: (el) => void (shown.debt && show(el)) })
    .on("[data-account-debt] [data-amount]", { element: (el) => void (shown.debt && el.setInnerContent(shown.debt)) })
    .on("[data-low-balance]", { element: (el) => void (shown.low && show(el)) })
    .on("body", {
      // Data, not script: type=application/json never runs (and needs no CSP hash); scriptSafeJson keeps "<" out.
      element: (el) => void el.append(`<script type="application/json" id="${ACCOUNT_DATA_ID}">${scriptSafeJson(session)}</script>`, { html: true }),
    });
}
export type { SessionInfo };
