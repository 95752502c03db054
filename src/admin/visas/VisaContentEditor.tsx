/**
 * The rich content of one visa, per language, in the editor layout (DESIGN §2): a full-width surface over the page
 * with one tab per language, each editor in its own language and direction. Images go up through
 * visa/uploadContentImage/{id}; the content is saved with PATCH visa/{id} { content } and the API sanitizes it.
 * Closing with unsaved changes asks first; leaving the page makes the browser ask.
 */
import { useStore } from "@nanostores/react";
import { Save } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useT } from "../../lib/i18n";
import { visaContentPatch, type Visa } from "../../contract/catalogue";
import { Alert, Button, Dialog, Spinner } from "../../components/ui";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast.store";
import { LocalizedRichText, UnsavedChangesDialog, createFormStore, fileForm, localized, messageText, upload, usePageLocale, useUnsavedChangesGuard } from "../kit";

const EMPTY = { content: { en: "", ar: "", ku: "" } };

export interface VisaContentEditorProps {
  /** The visa whose content is edited; null when the editor is closed. */
  visaId: string | null;
  onClose: () => void;
  onSaved?: (visa: Visa) => void;
}

export function VisaContentEditor({ visaId, onClose, onSaved }: VisaContentEditorProps) {
  const t = useT();
  const locale = usePageLocale();
  const form = useMemo(() => createFormStore<typeof EMPTY>({ schema: visaContentPatch, initial: EMPTY }), []);
  const formError = useStore(form.$formError);
  const pending = useStore(form.$pending);
  const dirty = useStore(form.$dirty);
  const [visa, setVisa] = useState<Visa | null>(null);
  const [asking, setAsking] = useState(false);
  useUnsavedChangesGuard(visaId !== null && dirty);

  useEffect(() => {
    setVisa(null);
    if (!visaId) return;
    let live = true;
    api.get<Visa>(`visa/one/${encodeURIComponent(visaId)}`).then(
      (loaded) => {
        if (!live) return;
        setVisa(loaded);
        form.reset({ content: { en: loaded.content?.en ?? "", ar: loaded.content?.ar ?? "", ku: loaded.content?.ku ?? "" } });
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [visaId, form, onClose]);

  const requestClose = () => {
    if (pending) return;
    if (dirty) setAsking(true);
    else onClose();
  };

  async function save() {
    if (!visaId) return;
    const saved = await form.submit((input) => api.patch<Visa>(`visa/${encodeURIComponent(visaId)}`, input));
    if (saved) {
      // The API answers the sanitized content: show exactly what agents will see.
      form.reset({ content: { ...saved.content } });
      toast.success(t("resources.visas.contentSaved"));
      onSaved?.(saved);
    }
  }

  const uploadImage = (file: File, options: Parameters<typeof upload>[2]) =>
    upload<{ url: string }>(`visa/uploadContentImage/${encodeURIComponent(visaId ?? "")}`, fileForm(file), options).then((answer) => answer.url);

  return (
    <>
      <Dialog
        open={visaId !== null}
        onClose={requestClose}
        size="full"
        title={visa ? t("resources.visas.contentOf", { title: localized(visa.title, locale) }) : t("resources.visas.content")}
        description={t("resources.visas.contentHint")}
        testId="content-editor"
        // At the bottom: the toasts (top corner) never cover them.
        footer={
          <>
            <Button onClick={requestClose} disabled={pending} data-testid="content-close">
              {t("ui.close")}
            </Button>
            <Button variant="primary" icon={Save} pending={pending} disabled={!visa} onClick={() => void save()} data-testid="content-save">
              {t("kit.save")}
            </Button>
          </>
        }
      >
        {!visa ? (
          <div className="grid min-h-[50dvh] place-items-center">
            <Spinner label={t("kit.loading")} size={32} />
          </div>
        ) : (
          <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
            {formError && <Alert testId="content-error">{messageText(t, formError)}</Alert>}
            <LocalizedRichText
              form={form}
              name="content"
              label={t("resources.visas.content")}
              tabsLabel={t("resources.visas.contentLanguages")}
              uploadImage={uploadImage}
              testId="content"
            />
          </div>
        )}
      </Dialog>
      <UnsavedChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          form.reset(EMPTY);
          onClose();
        }}
      />
    </>
  );
}
