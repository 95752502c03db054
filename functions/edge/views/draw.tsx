/**
 * Draws one edge view to HTML (functions/edge/views.ts): React's server renderer and the page's messages. Imported with
 * the first page that draws a view, never at isolate start (issue 31). React renders to a string synchronously, so
 * registering the page's language for the components just before is safe.
 */
import { renderToString } from "react-dom/server";
import { addMessages } from "../../../src/lib/i18n";
import { messagesFor } from "../../../src/lib/messages";
import { ScreenContext, screenOfRequest } from "../../../src/lib/screen";
import type { Locale } from "../../../src/shared/locales";
import type { ApiAnswer } from "../first-data";
import type { EdgeView } from "./view";

/** The view's HTML from its answers, or null when the view leaves itself to the browser. */
export function drawView(
  view: EdgeView, answers: ApiAnswer[],
  context: { locale: Locale; timeZone: string; url: URL; params: Record<string, string>; request: Request },
): string | null {
  const { locale, timeZone, url, params, request } = context;
  addMessages(locale, messagesFor(locale, view.messages));
  const element = view.render(answers.map((answer) => answer.body), { locale, timeZone, url, params, answers });
  if (element === null) return null;
  // A phone that says so gets only the small-screen layout of a responsive list (src/lib/screen.ts).
  return renderToString(<ScreenContext value={screenOfRequest(request.headers)}>{element}</ScreenContext>);
}
