/**
 * /admin/events: every audience's events from the kit's table (events are written by the product, so rows are only
 * marked seen or deleted, never edited), and a message of the admin's own to an audience through the kit's form.
 */
import { Check, Plus, Trash2, Undo2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useT } from "../../lib/i18n";
import { Button, IconButton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { EventRecord } from "../../contract/events";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast.store";
import {
  ConfirmDialog, DEFAULT_CURRENCY, FormDialog, ResourceTable, createFormStore, emptyValues, inputFromValues, useResourceStore, type FormValues,
} from "../kit";
import { events } from "./events.resource";

function EventsPage() {
  const t = useT();
  const store = useResourceStore(events);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<EventRecord | null>(null);
  const [removing, setRemoving] = useState(false);
  const form = useMemo(
    () =>
      createFormStore<FormValues>({
        schema: events.schema,
        initial: emptyValues(events.fields),
        toInput: (values) => {
          const converted = inputFromValues(events.fields, values, DEFAULT_CURRENCY);
          const extra = events.toInput!(converted.input as FormValues, values);
          return { input: extra.input, errors: { ...converted.errors, ...extra.errors } };
        },
      }),
    [],
  );

  const toggle = async (row: EventRecord) => {
    const updated = await api.patch<EventRecord>(`events/toggle-seen/${encodeURIComponent(row._id)}`).catch(() => null);
    if (updated) store.patchRow(updated);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await store.remove(deleting._id);
      toast.success(t(events.labels.deleted));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <ResourceTable
        store={store}
        columns={events.columns}
        caption={t("pages.admin-events.title")}
        searchLabel={events.labels.search}
        emptyLabel={events.labels.empty}
        emptyHint={events.labels.emptyHint}
        filters={events.filters}
        rowActions={(row) => (
          <>
            <IconButton
              size="sm"
              icon={row.seen ? Undo2 : Check}
              label={`${t(row.seen ? "events.markUnseen" : "events.markSeen")}: ${row.title}`}
              onClick={() => void toggle(row)}
              data-testid="row-toggle-seen"
            />
            <IconButton size="sm" icon={Trash2} tone="danger" label={t("kit.deleteItem", { name: row.title })} onClick={() => setDeleting(row)} data-testid="row-delete" />
          </>
        )}
        toolbar={
          <Button variant="primary" icon={Plus} onClick={() => { form.reset(events.empty(), events.schema); setCreating(true); }} data-testid="create-button">
            {t(events.labels.create)}
          </Button>
        }
      />
      <FormDialog
        open={creating}
        title={t(events.labels.create)}
        onClose={() => setCreating(false)}
        form={form as never}
        fields={events.fields}
        currency={DEFAULT_CURRENCY}
        submitLabel={t("events.admin.send")}
        onSubmit={async (input) => {
          const record = await store.create(input);
          toast.success(t(events.labels.created));
          setCreating(false);
          return record;
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(events.labels.deleteTitle)}
        message={deleting ? t(events.labels.deleteMessage, { name: deleting.title }) : undefined}
        confirmLabel={t("kit.delete")}
        pending={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export default withI18n(EventsPage);
