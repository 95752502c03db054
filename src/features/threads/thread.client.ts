/**
 * The agency's request page's conversation (issue 29) without React until it is needed: the edge drew it; the island
 * comes when the agent reaches for the form or a message arrives. What the office wrote is read once the page shows
 * it, so the office's page says "seen" — one small call, made only when something was unread.
 */
import { registerViews, takeOverOnChange, viewElement } from "../../lib/edge-views";
import { threadTopic } from "../../lib/record-changes";
import { routeIdOf } from "../../lib/route-id-of";

registerViews({ "request-thread": () => import("./Thread") });
const id = routeIdOf(location.pathname);
if (id) {
  takeOverOnChange("request-thread", [threadTopic("visa", id)]);
  const unread = Number(viewElement("request-thread")?.querySelector<HTMLElement>("[data-unread]")?.dataset.unread ?? 0);
  if (unread > 0 && document.visibilityState === "visible") {
    void import("../../lib/api").then(({ api }) => api.post(`requests/${encodeURIComponent(id)}/messages/read`, {}, { notify: false })).catch(() => undefined);
  }
}
