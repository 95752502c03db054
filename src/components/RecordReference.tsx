import { useT } from "../lib/i18n";
import { useRouteId } from "../lib/route-id";
import { withI18n } from "./with-i18n";

/**
 * Shows which record a dynamic page is about. The page is one pre-rendered shell per locale (id "_"), so the real
 * id is read from the URL only after mount: reading it during hydration would not match the HTML (React #418).
 */
function RecordReferenceView() {
  const t = useT();
  const id = useRouteId();
  return (
    <p className="mt-2 text-sm font-mono" data-testid="record-id" data-id={id ?? ""} aria-busy={id ? undefined : true}>
      {id ? t("common.reference", { id: String(id) }) : <span className="skeleton inline-block h-4 w-40 align-middle" />}
    </p>
  );
}

export default withI18n(RecordReferenceView);
