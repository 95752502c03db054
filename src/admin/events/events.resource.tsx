/** Events (issue 13): every audience's events for admins, and a message of the admin's own to an audience. */
import { Check, Undo2 } from "../../components/ui/icons";
import { AUDIENCES, PUSH_TYPES, type PushType } from "../../contract/events-constants";
import type { EventRecord } from "../../contract/events";
import { api } from "../../lib/api";
import { catalogueEndpoints } from "../kit/resource.store";
import type { FormValues } from "../kit/fields";
import type { ResourceDefinition } from "../kit/resource";
import { DateCell, YesNo } from "../shared";
import { agencyOptions } from "../agents/agency-options";

const EMPTY_TEXT = { en: "", ar: "", ku: "" };
const TYPE_LABELS: Record<PushType, string> = {
  "request.created": "events.types.requestCreated", "request.updated": "events.types.requestUpdated",
  "document.uploaded": "events.types.documentUploaded", "news-feed.created": "events.types.newsCreated",
  "news-feed.updated": "events.types.newsUpdated", "agent.fcm.updated": "events.types.fcmUpdated",
  "news-feed.removed": "events.types.newsRemoved", "balance.updated": "events.types.balanceUpdated", "event.created": "events.types.eventCreated",
  "message.created": "events.types.messageCreated", "thread.changed": "events.types.threadChanged",
};
const AUDIENCE_LABELS = { agency: "events.audience.agency", admins: "events.audience.admins", agents: "events.audience.agents" } as const;

export const events: ResourceDefinition<EventRecord, FormValues> = {
  name: "events",
  endpoints: catalogueEndpoints("events", { list: "events/all", one: (id) => `events/${encodeURIComponent(id)}` }),
  labels: {
    create: "events.admin.create",
    edit: "events.admin.create",
    created: "events.admin.created",
    saved: "events.admin.created",
    deleted: "events.admin.deleted",
    deleteTitle: "events.admin.deleteTitle",
    deleteMessage: "events.admin.deleteMessage",
    search: "events.admin.search",
    empty: "events.empty",
    emptyHint: "events.admin.emptyHint",
  },
  columns: [
    {
      key: "title", label: "events.fields.title", primary: true,
      render: (row) => (
        <span className="flex flex-col">
          <span className={row.seen ? "" : "font-semibold"}>{row.title}</span>
          {row.message && <span className="muted text-sm">{row.message}</span>}
        </span>
      ),
    },
    { key: "audience", label: "events.fields.audience", sortable: true, render: (row, { t }) => t(AUDIENCE_LABELS[row.audience]) },
    { key: "type", label: "events.fields.type", sortable: true, render: (row, { t }) => t(TYPE_LABELS[row.type] ?? row.type) },
    { key: "seen", label: "events.fields.seen", render: (row, { t }) => <YesNo value={row.seen} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "createdAt", label: "events.fields.createdAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.createdAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "select", name: "audience", label: "events.fields.audience", required: true, options: { fixed: AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] })) } },
    { kind: "select", name: "agentId", label: "events.fields.agentId", options: agencyOptions },
    { kind: "localized", name: "title", label: "events.fields.title", required: true },
    { kind: "localized", name: "message", label: "events.fields.message", required: true, rows: 3 },
    { kind: "colour", name: "color", label: "events.fields.color" },
  ],
  schemas: () => import("../../contract/events").then((m) => ({ create: m.eventInput })),
  // Events are written by the product: an admin marks them read or deletes them, and sends a message of their own.
  readOnlyRows: true,
  submitLabel: "events.admin.send",
  actions: [
    {
      id: "toggle-seen",
      label: "events.markSeen",
      icon: Check,
      stateOf: (row) => (row.seen ? { label: "events.markUnseen", icon: Undo2 } : { label: "events.markSeen", icon: Check }),
      run: (row, store) => {
        void api.patch<EventRecord>(`events/toggle-seen/${encodeURIComponent(row._id)}`).then((updated) => store.patchRow(updated), () => undefined);
      },
    },
  ],
  empty: () => ({ audience: "agents", agentId: "", title: { ...EMPTY_TEXT }, message: { ...EMPTY_TEXT }, color: "#ffffff" }),
  // An agency id only goes with the agency audience.
  toInput: (input) => {
    const { agentId, ...rest } = input as Record<string, unknown>;
    return { input: rest.audience === "agency" ? { ...rest, agentId } : rest, errors: {} };
  },
  title: (row) => row.title,
  defaultSort: { sort: "createdAt", order: "desc" },
  filters: [
    { name: "audience", label: "events.fields.audience", options: { fixed: AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] })) } },
    { name: "seen", label: "events.fields.seen", options: { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] } },
    { name: "type", label: "events.fields.type", options: { fixed: PUSH_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })) } },
  ],
};
