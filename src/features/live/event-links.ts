/**
 * Where an event leads (issue 26 item 4): the record it speaks of — the request, the translation order, the statement
 * after a balance change, the news — for the side that reads it. Plain functions, no React and no calls: the bell
 * (bell.client.ts), the home box the edge draws (EventsBox) and the events page all link the same way.
 */
import type { EventRecord } from "../../contract/events";

export type EventSide = "agency" | "admin";

function valueOf(event: Pick<EventRecord, "value">): Record<string, unknown> {
  try {
    const value = JSON.parse(event.value) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const id = (value: unknown) => (typeof value === "string" && value ? encodeURIComponent(value) : null);

/** The page an event opens, or null when it speaks of nothing one can open (a message from the office). */
export function eventHref(event: Pick<EventRecord, "type" | "value">, locale: string, side: EventSide): string | null {
  const value = valueOf(event);
  const base = `/${locale}/${side === "admin" ? "admin/" : ""}`;
  switch (event.type) {
    case "request.created":
    case "request.updated":
    case "document.uploaded": {
      // A group's notice (issue 28: one per group action) leads to the group: the agency's page of it, the office's queue.
      const group = id(value.groupId);
      if (group) return side === "admin" ? `${base}requests/` : `${base}groups/${group}/`;
      const order = id(value.orderId);
      const reference = typeof value.reference === "string" ? value.reference : "";
      // An order has no page of its own: the agency's list opens on it (fetched by id, wherever it is in the list's
      // pages), the office's queue finds it by its reference.
      if (order) return side === "admin" ? `${base}translation/requests/?search=${encodeURIComponent(reference)}` : `${base}translation/requests/?order=${order}#order-${encodeURIComponent(reference)}`;
      const request = id(value.requestId);
      return request ? `${base}requests/${request}/` : null;
    }
    case "balance.updated":
      return side === "agency" ? `${base}transactions/` : null;
    case "news-feed.created":
    case "news-feed.updated":
      return side === "agency" ? `${base}news/` : null;
    case "agent.fcm.updated": {
      const agency = id(value.agentId);
      return side === "admin" && agency ? `${base}${agency}/agent/` : null;
    }
    default:
      return null;
  }
}
