/** A small page drawn in a palette, so the admin sees the colours before saving (light and dark side by side). */
import { useT } from "../../lib/i18n";
import type { Theme } from "../../contract/catalogue";

type Colours = Theme["light"];

export function ThemePreview({ colours, label, logo }: { colours: Colours; label: string; logo: string | null }) {
  const t = useT();
  const valid = Object.values(colours).every((c) => /^#[0-9a-fA-F]{6}$/.test(c));
  const c = valid ? colours : { primary: "#f59e0b", accent: "#3b82f6", background: "#f8f7f4", surface: "#ffffff", text: "#1c1917" };
  return (
    <figure className="flex flex-col gap-1" data-testid="theme-preview">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <div className="overflow-hidden rounded-2xl border border-[var(--border)]" style={{ background: c.background, color: c.text }} aria-hidden="true">
        <div className="flex items-center gap-2 px-3 py-2" style={{ background: c.surface, borderBlockEnd: `1px solid color-mix(in srgb, ${c.text} 15%, ${c.surface})` }}>
          {logo ? <img src={logo} alt="" loading="lazy" decoding="async" className="h-6 w-auto" /> : <span className="size-6 rounded-full" style={{ background: c.primary }} />}
          <span className="text-sm font-bold">{t("app.name")}</span>
        </div>
        <div className="flex flex-col gap-2 p-3">
          <div className="rounded-xl p-3 shadow" style={{ background: c.surface }}>
            <p className="text-sm font-semibold">{t("resources.theme.previewCard")}</p>
            <p className="text-xs" style={{ color: `color-mix(in srgb, ${c.text} 68%, ${c.background})` }}>
              {t("resources.theme.previewText")}{" "}
              <span className="underline" style={{ color: c.accent }}>
                {t("resources.theme.previewLink")}
              </span>
            </p>
          </div>
          <div className="flex gap-2">
            <span className="rounded-full px-3 py-1 text-xs font-semibold" style={{ background: c.primary, color: "#1c1917" }}>
              {t("resources.theme.previewPrimary")}
            </span>
            <span className="rounded-full border-[1.5px] px-3 py-1 text-xs font-semibold" style={{ borderColor: c.primary, color: c.text }}>
              {t("resources.theme.previewOutline")}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
