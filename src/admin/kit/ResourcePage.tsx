/**
 * A whole admin resource from its definition (react-admin's <Resource list create edit>): the table, a create
 * button, an edit dialog with the resource's form (and its uploads, once the record exists), a delete question.
 * Other pages add panels as children (the group price grid) and pick rows with `onSelect`.
 */
import { useStore } from "@nanostores/react";
import { Pencil, Plus, Trash2 } from "../../components/ui/icons";
import { Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Button, IconButton } from "../../components/ui/Button";
import { toast } from "../../lib/toast.store";
import { createFormStore } from "./form.store";
import { ResourceTable } from "./ResourceTable";
import { emptyValues, inputFromValues, valuesFromRecord, type FormValues } from "./fields";
import { usePageLocale } from "./hooks";
import type { ResourceDefinition, ResourceSchemas } from "./resource";
import { createResourceStore, type HttpLike, type ResourceStore } from "./resource.store";
import { ResourceSeed, addressQuery, plainQuery } from "./seed";
import { followAddress } from "./list-address";
import { listSearchOf } from "./list-query";
import { withSanitizer } from "./rich-text";
import { lazyPart, openWith } from "../../lib/lazy-part";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";

export const DEFAULT_CURRENCY = "USD";

// Issue 9: the table comes first; the form dialog (Headless UI, the fields, uploads, the editor) and the delete
// question load only when first opened.
// Each opener awaits the code before it opens (lazy-part.ts: no Suspense wait once the code is there).
const formDialog = lazyPart(() => import("./ResourceForm").then((m) => m.FormDialog));
const FormDialog = formDialog.Part;
const ConfirmDialog = confirmDialog.Part;
const richText = lazyPart(() => withSanitizer(import("./LocalizedRichText").then((m) => m.default)));
const LocalizedRichText = richText.Part;

type Editing<T> = { mode: "create" } | { mode: "edit"; record: T } | null;

export interface ResourcePageProps<T extends { _id: string }> {
  resource: ResourceDefinition<T, FormValues>;
  /** The page's title, the table's accessible name. */
  caption: string;
  /** Another store for the same resource (tests, or a page that shares it). */
  store?: ResourceStore<T>;
  http?: HttpLike;
  /** Extra buttons per row, before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  selectedId?: string | null;
  children?: ReactNode;
}

/** The resource's store, made once per page, first sorted as the resource says (in the page's language). */
export function useResourceStore<T extends { _id: string }>(resource: ResourceDefinition<T, FormValues>, http?: HttpLike): ResourceStore<T> {
  const locale = usePageLocale();
  // Only the edge's draw has a seed (seed.ts); in the browser the store asks for its first page on mount.
  const seed = useContext(ResourceSeed);
  const initial = seed.lists[resource.endpoints.list];
  // The list the address asks for (the edge drew the same one); ResourcePage writes its changes back.
  const search = seed.search ?? (typeof location === "undefined" ? "" : location.search);
  return useMemo(
    () => createResourceStore<T>({ endpoints: resource.endpoints, http, query: addressQuery(resource, locale, search), initial }),
    // The address is read once, when the store is made: later changes are the store's own (followAddress).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, http, locale, initial],
  );
}

export function ResourcePage<T extends { _id: string }>({ resource, caption, store: given, http, rowActions, selectedId, children }: ResourcePageProps<T>) {
  const t = useT();
  const locale = usePageLocale();
  const own = useResourceStore(resource, http);
  const store = given ?? own;
  // Search, filters, page and size stay in the address: a reload or a shared link shows the same rows.
  useEffect(() => followAddress(store, plainQuery(resource, locale)), [store, resource, locale]);
  const list = useStore(store.$list);
  const currencyOf = resource.currencyOf ?? ((row: T) => (row as { currency?: string }).currency);
  const listCurrency = list.data.map(currencyOf).find(Boolean) ?? DEFAULT_CURRENCY;

  const [editing, setEditing] = useState<Editing<T>>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const currency = (editing?.mode === "edit" && currencyOf(editing.record)) || listCurrency;

  // The currency changes with the record; the form's converter reads the latest one.
  const currencyRef = useRef(currency);
  currencyRef.current = currency;
  const form = useMemo(
    () =>
      createFormStore<FormValues>({
        // The schemas load with the first form opened (openCreate / openEdit hand them over).
        schema: null,
        initial: emptyValues(resource.fields),
        toInput: (values) => {
          const converted = inputFromValues(resource.fields, values, currencyRef.current);
          if (!resource.toInput) return converted;
          const extra = resource.toInput(converted.input as FormValues, values);
          return { input: extra.input, errors: { ...converted.errors, ...extra.errors } };
        },
      }),
    [resource],
  );

  function valuesOf(record: T, money: string): FormValues {
    return resource.toValues ? (resource.toValues(record, { currency: money }) as FormValues) : valuesFromRecord(resource.fields, record, money);
  }

  // The resource's schemas (zod) load when a form first opens (with the dialog's code: loadForm), then stay.
  const schemas = useRef<Promise<ResourceSchemas> | null>(null);
  function loadSchemas(): Promise<ResourceSchemas> {
    schemas.current ??= resource.schemas().catch((error: unknown) => {
      schemas.current = null;
      throw error;
    });
    return schemas.current;
  }

  /** The dialog's code, its fields' parts and the resource's schemas, loaded together before a form opens. */
  async function loadForm(): Promise<ResourceSchemas> {
    const parts: Promise<unknown>[] = [formDialog.load(), import("./ResourceForm").then((m) => m.loadFieldParts(resource.fields))];
    if (resource.richText) parts.push(richText.load());
    const [loaded] = await Promise.all([loadSchemas(), ...parts]);
    return loaded;
  }

  async function openCreate() {
    const { create } = await loadForm();
    form.reset(resource.empty(), create);
    setEditing({ mode: "create" });
  }

  async function openEdit(row: T) {
    setOpening(row._id);
    try {
      const [record, { create, patch }] = await Promise.all([store.fetchOne(row._id), loadForm()]);
      form.reset(valuesOf(record, currencyOf(record) ?? listCurrency), patch ?? create);
      setEditing({ mode: "edit", record });
    } catch {
      // The client has shown the error.
    } finally {
      setOpening(null);
    }
  }

  async function save(input: unknown) {
    if (editing?.mode === "edit") {
      const record = await store.update(editing.record._id, input);
      toast.success(t(resource.labels.saved));
      setEditing(null);
      return record;
    }
    const record = await store.create(input);
    toast.success(t(resource.labels.created));
    if (resource.editAfterCreate) {
      const { create, patch } = await loadSchemas();
      form.reset(valuesOf(record, currencyOf(record) ?? listCurrency), patch ?? create);
      setEditing({ mode: "edit", record });
    } else setEditing(null);
    return record;
  }

  async function confirmDelete() {
    if (!deleting) return;
    setRemoving(true);
    try {
      await store.remove(deleting._id);
      toast.success(t(resource.labels.deleted));
    } catch {
      // Shown by the client (a 409 names why: still in use).
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  }

  const actionsFor = (row: T) => {
    const name = resource.title(row, locale);
    return (
      <>
        {rowActions?.(row)}
        {resource.actions?.map((action) => {
          const { label, icon } = action.stateOf?.(row) ?? action;
          return <IconButton key={action.id} size="sm" icon={icon} label={`${t(label)}: ${name}`} onClick={() => action.run(row, store)} data-testid={`row-${action.id}`} />;
        })}
        {!resource.readOnlyRows && <IconButton size="sm" icon={Pencil} label={t("kit.editItem", { name })} onClick={() => void openEdit(row)} disabled={opening === row._id} aria-busy={opening === row._id || undefined} data-testid="row-edit" />}
        <IconButton size="sm" icon={Trash2} tone="danger" label={t("kit.deleteItem", { name })} onClick={() => void openWith([confirmDialog], () => setDeleting(row))} data-testid="row-delete" />
      </>
    );
  };

  const editingRecord = editing?.mode === "edit" ? editing.record : null;

  return (
    <div className="flex flex-col gap-6">
      <ResourceTable
        store={store}
        columns={resource.columns}
        caption={caption}
        searchLabel={resource.labels.search}
        emptyLabel={resource.labels.empty}
        emptyHint={resource.labels.emptyHint}
        filters={resource.filters}
        pageHref={(page) => listSearchOf({ ...store.$query.get(), page }, plainQuery(resource, locale))}
        rowActions={actionsFor}
        selectedId={selectedId}
        toolbar={
          <Button variant="primary" icon={Plus} onClick={() => void openCreate()} data-testid="create-button">
            {t(resource.labels.create)}
          </Button>
        }
      />
      {children}
      {editing !== null && (
        <Suspense fallback={null}>
          <FormDialog
            open={editing !== null}
            title={editingRecord ? `${t(resource.labels.edit)}: ${resource.title(editingRecord, locale)}` : t(resource.labels.create)}
            onClose={() => setEditing(null)}
            form={form}
            fields={resource.fields}
            currency={currency}
            onSubmit={save}
            beside={resource.richText ? [{ name: resource.richText.name }] : []}
            size={resource.dialogSize}
            submitLabel={resource.submitLabel && t(resource.submitLabel)}
            // Outside the <form>: the editor's own link form must not nest in it (its submit would save the record).
            after={
              <>
                {resource.richText && (
                  <LocalizedRichText form={form} name={resource.richText.name} label={t(resource.richText.label)} testId={resource.richText.testId} legend />
                )}
                {editingRecord &&
                  resource.extra?.(editingRecord, {
                    locale,
                    t,
                    onChange: (record) => {
                      store.patchRow(record);
                      setEditing({ mode: "edit", record });
                    },
                  })}
              </>
            }
          />
        </Suspense>
      )}
      {deleting !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            title={t(resource.labels.deleteTitle)}
            message={deleting ? t(resource.labels.deleteMessage, { name: resource.title(deleting, locale) }) : undefined}
            confirmLabel={t("kit.delete")}
            pending={removing}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
