/**
 * /admin/news: the kit's table, form dialog and delete question for news items, with one RichTextEditor per language
 * inside the form (ResourcePage's dialog has no place for editors that are part of the input itself).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useStore } from "@nanostores/react";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useT } from "../../lib/i18n";
import { Button, IconButton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { NewsItem } from "../../contract/news";
import { toast } from "../../lib/toast.store";
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import {
  ConfirmDialog, FormDialog, RichTextEditor, ResourceTable, createFormStore, emptyValues, inputFromValues, usePageLocale, useResourceStore,
  DEFAULT_CURRENCY, type FormValues,
} from "../kit";
import { news } from "./news.resource";

type Editing = { mode: "create" } | { mode: "edit"; record: NewsItem } | null;

function MessageEditors({ form }: { form: ReturnType<typeof createFormStore<FormValues>> }) {
  const t = useT();
  const values = useStore(form.$values) as { message?: Record<string, string> };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{t("news.fields.message")}</legend>
      <TabGroup>
        <TabList className="flex gap-1 border-b border-[var(--border)]">
          {LOCALES.map((l) => (
            <Tab key={l} className="px-3 py-2 text-sm data-[selected]:border-b-2 data-[selected]:border-primary-600 data-[selected]:font-semibold" data-testid={`news-message-tab-${l}`}>
              {LOCALE_INFO[l].nativeName}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-2">
          {LOCALES.map((l) => (
            <TabPanel key={l} unmount={false}>
              <RichTextEditor
                value={values.message?.[l] ?? ""}
                onChange={(html) => form.setValue(`message.${l}`, html)}
                label={`${t("news.fields.message")} (${LOCALE_INFO[l].nativeName})`}
                lang={LOCALE_INFO[l].htmlLang}
                dir={LOCALE_INFO[l].dir}
                testId={`news-message-${l}`}
              />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </fieldset>
  );
}

function NewsPage() {
  const t = useT();
  const locale = usePageLocale();
  const store = useResourceStore(news);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const [removing, setRemoving] = useState(false);
  const form = useMemo(
    () =>
      createFormStore<FormValues>({
        schema: news.schema,
        initial: emptyValues(news.fields),
        toInput: (values) => {
          const converted = inputFromValues(news.fields, values, DEFAULT_CURRENCY);
          const extra = news.toInput!(converted.input as FormValues, values);
          return { input: extra.input, errors: { ...converted.errors, ...extra.errors } };
        },
      }),
    [],
  );

  const openCreate = () => {
    form.reset(news.empty(), news.schema);
    setEditing({ mode: "create" });
  };
  const openEdit = async (row: NewsItem) => {
    const record = await store.fetchOne(row._id).catch(() => null);
    if (!record) return;
    form.reset(news.toValues!(record, { currency: DEFAULT_CURRENCY }), news.patchSchema);
    setEditing({ mode: "edit", record });
  };
  const save = async (input: unknown) => {
    if (editing?.mode === "edit") {
      const record = await store.update(editing.record._id, input);
      toast.success(t(news.labels.saved));
      setEditing(null);
      return record;
    }
    const record = await store.create(input);
    toast.success(t(news.labels.created));
    setEditing(null);
    return record;
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await store.remove(deleting._id);
      toast.success(t(news.labels.deleted));
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
        columns={news.columns}
        caption={t("pages.admin-news.title")}
        searchLabel={news.labels.search}
        emptyLabel={news.labels.empty}
        emptyHint={news.labels.emptyHint}
        filters={news.filters}
        rowActions={(row) => {
          const name = news.title(row, locale);
          return (
            <>
              <IconButton size="sm" icon={Pencil} label={t("kit.editItem", { name })} onClick={() => void openEdit(row)} data-testid="row-edit" />
              <IconButton size="sm" icon={Trash2} tone="danger" label={t("kit.deleteItem", { name })} onClick={() => setDeleting(row)} data-testid="row-delete" />
            </>
          );
        }}
        toolbar={
          <Button variant="primary" icon={Plus} onClick={openCreate} data-testid="create-button">
            {t(news.labels.create)}
          </Button>
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? `${t(news.labels.edit)}: ${news.title(editing.record, locale)}` : t(news.labels.create)}
        onClose={() => setEditing(null)}
        form={form as never}
        fields={news.fields}
        currency={DEFAULT_CURRENCY}
        onSubmit={save}
        size="xl"
        // Outside the <form>: the editor's own link form must not nest in it (its submit would save the item).
        after={<MessageEditors form={form} />}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(news.labels.deleteTitle)}
        message={deleting ? t(news.labels.deleteMessage, { name: news.title(deleting, locale) }) : undefined}
        confirmLabel={t("kit.delete")}
        pending={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export default withI18n(NewsPage);
