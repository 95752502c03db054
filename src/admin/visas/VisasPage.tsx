/** /admin/visa-list: the visa catalogue from the kit, plus the full-width content editor per visa. */
import { FileText } from "lucide-react";
import { useCallback, useState } from "react";
import { useT } from "../../lib/i18n";
import { IconButton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage, localized, usePageLocale, useResourceStore } from "../kit";
import { VisaContentEditor } from "./VisaContentEditor";
import { visas, type AdminVisa } from "./visas.resource";

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
            onClick={() => setContentOf(row._id)}
            data-testid="row-content"
          />
        )}
      />
      <VisaContentEditor visaId={contentOf} onClose={close} onSaved={(visa) => store.patchRow(visa)} />
    </>
  );
}

export default withI18n(VisasPage);
