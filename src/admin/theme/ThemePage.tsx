/**
 * /admin/theme: pick a theme, edit its light and dark colours with a live preview, its logo and home-page banners
 * (images upload at once; banner titles per language and an optional link inside the site), save, activate.
 * The edge draws the page with this component from the themes it read (src/admin/edge-pages.ts; issue 32: hydrated at
 * load, its 113 kB blocked a phone's main thread): the active theme open, as here once the themes are there. This island
 * takes the drawn page over when the admin reaches for a control (theme.client.ts); a press made before is made again.
 */
import { useStore } from "@nanostores/react";
import { CircleCheck, ImagePlus, Palette, RotateCw, Save, Trash2 } from "../../components/ui/icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { themePatch, type Theme } from "../../contract/catalogue";
import { Button } from "../../components/ui/Button";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import { formatNumber } from "../../components/ui/format";
import { withI18n } from "../../components/with-i18n";
import { toast } from "../../lib/toast.store";
import { FormFields } from "../kit/FormFields";
import { ImageUpload } from "../kit/ImageUpload";
import { UnsavedChangesDialog } from "../kit/UnsavedChangesDialog";
import { createFormStore, type FieldMessage } from "../kit/form.store";
import { messageText, usePageLocale, useUnsavedChangesGuard } from "../kit/hooks";
import type { FieldDef } from "../kit/resource";
import { uploadProblem } from "../kit/upload";
import { createThemeStore, type ThemeStore } from "./theme.store";
import { ThemePreview } from "./ThemePreview";

const COLOURS = ["primary", "accent", "background", "surface", "text"] as const;
const COLOUR_LABELS: Record<(typeof COLOURS)[number], string> = {
  primary: "resources.theme.colour.primary",
  accent: "resources.theme.colour.accent",
  background: "resources.theme.colour.background",
  surface: "resources.theme.colour.surface",
  text: "resources.theme.colour.text",
};
const colourFields = (mode: "light" | "dark"): FieldDef[] => COLOURS.map((name) => ({ kind: "colour", name: `${mode}.${name}`, label: COLOUR_LABELS[name] }));
const NAME_FIELD: FieldDef[] = [{ kind: "text", name: "name", label: "resources.theme.name", required: true, maxLength: 80 }];

interface BannerValues {
  key: string;
  title: { en: string; ar: string; ku: string };
  link: string;
}
interface ThemeValues {
  name: string;
  light: Theme["light"];
  dark: Theme["dark"];
  banners: BannerValues[];
  [key: string]: unknown;
}

const bannerValues = (banner: Theme["banners"][number]): BannerValues => ({ key: banner.key, title: { ...banner.title }, link: banner.link ?? "" });
const valuesOf = (theme: Theme): ThemeValues => ({ name: theme.name, light: { ...theme.light }, dark: { ...theme.dark }, banners: theme.banners.map(bannerValues) });

/** `themes`: only the edge gives them (what it read to draw the page); in the browser the island reads them itself. */
function ThemePage({ themes: drawn }: { themes?: readonly Theme[] }) {
  const t = useT();
  // The store's own HTTP client, uploads and phone copies; the drawn themes are its start (never a new store).
  const store = useMemo(() => createThemeStore(undefined, undefined, undefined, drawn), []); // eslint-disable-line react-hooks/exhaustive-deps
  const themes = useStore(store.$themes);
  const loading = useStore(store.$loading);
  const error = useStore(store.$error);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [pendingPick, setPendingPick] = useState<string | null>(null);
  const dirty = useRef(false);

  useEffect(() => void store.load(), [store]);
  // The active theme is open from the start, in the same render as the list (the edge draws it so, and the island
  // must look the same when it takes the drawn page over); a picked theme stays picked.
  const selectedId = pickedId ?? (themes.find((theme) => theme.active) ?? themes[0])?._id ?? null;

  const pick = (id: string) => {
    if (id === selectedId) return;
    if (dirty.current) setPendingPick(id);
    else setPickedId(id);
  };
  const selected = themes.find((theme) => theme._id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <section className="card p-4" aria-labelledby="themes-title">
        <h2 id="themes-title" className="mb-3 text-lg font-bold">
          {t("resources.theme.themes")}
        </h2>
        {Boolean(error) && (
          <Alert action={<Button size="sm" icon={RotateCw} onClick={() => void store.load()}>{t("kit.retry")}</Button>}>{t("kit.loadFailed")}</Alert>
        )}
        {/* aria-busy: an island still loading never takes the drawn page's place (src/lib/edge-view-mount.tsx). */}
        {loading && themes.length === 0 && <div aria-busy="true"><Skeleton className="h-12 w-64" /></div>}
        <ul className="flex flex-wrap gap-2" data-testid="theme-list">
          {themes.map((theme) => (
            <li key={theme._id}>
              <button
                type="button"
                onClick={() => pick(theme._id)}
                aria-pressed={theme._id === selectedId}
                className="flex items-center gap-3 rounded-2xl border border-[var(--border)] px-4 py-2 cursor-pointer aria-pressed:border-primary-500 aria-pressed:bg-primary-500/10"
                data-testid="theme-option"
              >
                <span className="flex -space-x-1 rtl:space-x-reverse" aria-hidden="true">
                  {[theme.light.primary, theme.light.accent, theme.dark.background].map((colour, i) => (
                    <span key={i} className="size-5 rounded-full border border-white" style={{ background: colour }} />
                  ))}
                </span>
                <span className="font-medium">{theme.name}</span>
                {theme.active && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-success-600/12 px-2 py-0.5 text-xs font-semibold text-success-600">
                    <CircleCheck size={14} aria-hidden="true" />
                    {t("resources.theme.active")}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {selected && <ThemeEditor key={selected._id} theme={selected} store={store} onDirty={(value) => (dirty.current = value)} />}
      <UnsavedChangesDialog
        open={pendingPick !== null}
        onKeep={() => setPendingPick(null)}
        onDiscard={() => {
          dirty.current = false;
          setPickedId(pendingPick);
          setPendingPick(null);
        }}
      />
    </div>
  );
}

function ThemeEditor({ theme, store, onDirty }: { theme: Theme; store: ThemeStore; onDirty: (dirty: boolean) => void }) {
  const t = useT();
  const locale = usePageLocale();
  const form = useMemo(() => createFormStore<ThemeValues>({ schema: themePatch, initial: valuesOf(theme) }), [theme._id]); // eslint-disable-line react-hooks/exhaustive-deps
  const values = useStore(form.$values);
  const dirty = useStore(form.$dirty);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);
  const [activating, setActivating] = useState(false);
  const [bannerProblem, setBannerProblem] = useState<FieldMessage | null>(null);
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);

  // Banners added or removed on the server join or leave the form; texts typed meanwhile stay.
  const serverKeys = theme.banners.map((b) => b.key).join(",");
  useEffect(() => {
    const current = form.$values.get().banners;
    const known = new Map(current.map((b) => [b.key, b]));
    const next = theme.banners.map((b) => known.get(b.key) ?? bannerValues(b));
    if (next.map((b) => b.key).join(",") !== current.map((b) => b.key).join(",")) {
      form.setValue("banners", next);
      // A banner added or removed is saved already: only unsaved texts keep the form "dirty".
      if (!dirty) form.markSaved();
    }
  }, [serverKeys]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save() {
    const saved = await form.submit((input) => store.save(theme._id, input as object));
    if (saved) {
      form.reset(valuesOf(saved));
      toast.success(t("resources.theme.saved"));
    }
  }

  async function activate() {
    setActivating(true);
    try {
      await store.activate(theme._id);
      toast.success(t("resources.theme.activated", { name: theme.name }));
    } catch (error) {
      toast.error(messageText(t, uploadProblem(error)) ?? "");
    } finally {
      setActivating(false);
    }
  }

  async function removeBanner(key: string) {
    setBannerProblem(null);
    try {
      await store.removeImage(theme._id, key);
    } catch (error) {
      setBannerProblem(uploadProblem(error));
    }
  }

  const bannerByKey = new Map(theme.banners.map((b) => [b.key, b]));

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]" data-testid="theme-editor">
      <div className="flex flex-col gap-6 min-w-0">
        <section className="card p-4 flex flex-col gap-4" aria-labelledby="theme-general">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="theme-general" className="me-auto flex items-center gap-2 text-lg font-bold">
              <Palette size={24} aria-hidden="true" />
              {theme.name}
            </h2>
            {theme.active ? (
              <span className="text-sm text-success-600 font-semibold" data-testid="theme-active">{t("resources.theme.isActive")}</span>
            ) : (
              <Button icon={CircleCheck} pending={activating} onClick={() => void activate()} data-testid="theme-activate">
                {t("resources.theme.activate")}
              </Button>
            )}
            <Button variant="primary" icon={Save} pending={pending} disabled={!dirty} onClick={() => void save()} data-testid="theme-save">
              {t("kit.save")}
            </Button>
          </div>
          {formError && <Alert testId="form-error">{messageText(t, formError)}</Alert>}
          <FormFields fields={NAME_FIELD} form={form} currency="" />
        </section>

        <section className="card p-4 flex flex-col gap-4" aria-labelledby="theme-colours">
          <h2 id="theme-colours" className="text-lg font-bold">
            {t("resources.theme.colours")}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            {(["light", "dark"] as const).map((mode) => (
              <fieldset key={mode} className="flex flex-col gap-3" data-testid={`colours-${mode}`}>
                <legend className="mb-2 font-semibold">{t(mode === "light" ? "resources.theme.light" : "resources.theme.dark")}</legend>
                <FormFields fields={colourFields(mode)} form={form} currency="" columns={1} />
              </fieldset>
            ))}
          </div>
        </section>

        <section className="card p-4 flex flex-col gap-4" aria-labelledby="theme-images">
          <h2 id="theme-images" className="text-lg font-bold">
            {t("resources.theme.images")}
          </h2>
          <ImageUpload
            label={t("resources.theme.logo")}
            current={theme.logo}
            aspect="square"
            send={(file, options) => store.uploadImage(theme._id, "logo", file, options)}
            onRemove={() => store.removeImage(theme._id, "logo").then(() => undefined)}
            testId="theme-logo"
          />
          <div className="flex flex-col gap-4">
            <h3 className="font-semibold">{t("resources.theme.banners")}</h3>
            {values.banners.length === 0 && <p className="muted text-sm">{t("resources.theme.noBanners")}</p>}
            <ol className="flex flex-col gap-4">
              {values.banners.map((banner, index) => {
                const saved = bannerByKey.get(banner.key);
                return (
                  <li key={banner.key} className="flex flex-col gap-3 rounded-2xl border border-[var(--border)] p-3" data-testid="theme-banner">
                    <div className="flex flex-wrap items-start gap-3">
                      {saved && <img src={saved.url} alt={t("resources.theme.bannerNumber", { number: formatNumber(index + 1, locale) })} loading="lazy" decoding="async" className="aspect-[3/1] w-40 shrink-0 rounded-xl object-cover sm:w-48" />}
                      <span className="me-auto font-medium">{t("resources.theme.bannerNumber", { number: formatNumber(index + 1, locale) })}</span>
                      <Button size="sm" variant="danger" icon={Trash2} onClick={() => void removeBanner(banner.key)} data-testid="banner-remove">
                        {t("resources.theme.removeBanner")}
                      </Button>
                    </div>
                    <FormFields
                      form={form}
                      currency=""
                      fields={[
                        { kind: "localized", name: `banners.${index}.title`, label: "resources.theme.bannerTitle" },
                        { kind: "text", name: `banners.${index}.link`, label: "resources.theme.bannerLink", hint: "resources.theme.bannerLinkHint", ltr: true, wide: true },
                      ]}
                    />
                  </li>
                );
              })}
            </ol>
            {bannerProblem && <Alert>{messageText(t, bannerProblem)}</Alert>}
            {theme.banners.length < 10 && (
              <div className="rounded-2xl border border-dashed border-[var(--border)] p-3">
                <ImageUpload
                  key={theme.banners.length}
                  label={t("resources.theme.addBanner")}
                  current={null}
                  send={(file, options) => store.uploadImage(theme._id, "banner", file, options)}
                  testId="theme-banner-upload"
                />
                <p className="muted text-xs mt-1 flex items-center gap-1">
                  <ImagePlus size={14} aria-hidden="true" />
                  {t("resources.theme.bannerHint")}
                </p>
              </div>
            )}
          </div>
        </section>
      </div>

      <aside className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start" aria-label={t("resources.theme.preview")}>
        <h2 className="text-lg font-bold">{t("resources.theme.preview")}</h2>
        <ThemePreview colours={values.light} label={t("resources.theme.light")} logo={theme.logo} />
        <ThemePreview colours={values.dark} label={t("resources.theme.dark")} logo={theme.logo} />
      </aside>
    </div>
  );
}

export default withI18n(ThemePage);
