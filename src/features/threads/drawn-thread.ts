/**
 * A request's conversation drawn by the edge (issue 29), without React until it is needed: the island comes when the
 * reader reaches for the form or a message arrives. What the other side wrote is read once the page shows it, so
 * their page says "seen" — one small call, made only when something was unread. The agency's request page and the
 * office's (issue 32) each have such a view, under their own name.
 */
import { registerViews, takeOverOnChange, viewElement } from "../../lib/edge-views";
import { threadTopic } from "../../lib/record-changes";
import { routeIdOf } from "../../lib/route-id-of";

export function drawnThread(name: string): void {
  registerViews({ [name]: () => import("./Thread") });
  const id = routeIdOf(location.pathname);
  if (!id) return;
  takeOverOnChange(name, [threadTopic("visa", id)]);
  const unread = Number(viewElement(name)?.querySelector<HTMLElement>("[data-unread]")?.dataset.unread ?? 0);
  if (unread > 0 && document.visibilityState === "visible") {
    void import("../../lib/api").then(({ api }) => api.post(`requests/${encodeURIComponent(id)}/messages/read`, {}, { notify: false })).catch(() => undefined);
  }
}
