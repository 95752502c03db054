/** /admin/visa-list: the visa catalogue from the kit, plus the full-width content editor per visa. */
import { FileText } from "../../components/ui/icons";
import { Suspense, useCallback, useState } from "react";
import { lazyPart, openWith } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { IconButton } from "../../components/ui/Button";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage, useResourceStore } from "../kit/ResourcePage";
import { localized } from "../kit/resource";
import { withSanitizer } from "../kit/rich-text";
import { usePageLocale } from "../kit/hooks";
import { visas, type AdminVisa } from "./visas.resource";

// The full-width content editor (rich text, tabs, image uploads) loads when first opened (issue 9).
const contentEditor = lazyPart(() => withSanitizer(import("./VisaContentEditor").then((m) => m.VisaContentEditor)));
const VisaContentEditor = contentEditor.Part;

function VisasPage() {
  const t = useT();
  const locale = usePageLocale();
  const store = useResourceStore(visas);
  const [contentOf, setContentOf] = useState<string | null>(null);
  const close = useCallback(() => setContentOf(null), []);
  return (
    <>
      <ResourcePage<AdminVisa>
        resource={visas}
        store={store}
        caption={t("pages.admin-visa-list.title")}
        rowActions={(row) => (
          <IconButton
            size="sm"
            icon={FileText}
            label={t("resources.visas.editContentOf", { title: localized(row.title, locale) })}
            onClick={() => void openWith([contentEditor], () => setContentOf(row._id))}
            data-testid="row-content"
          />
        )}
      />
      {contentOf !== null && (
        <Suspense fallback={null}>
          <VisaContentEditor visaId={contentOf} onClose={close} onSaved={(visa) => store.patchRow(visa)} />
        </Suspense>
      )}
    </>
  );
}

export default withI18n(VisasPage);
