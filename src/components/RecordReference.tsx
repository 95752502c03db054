import { useRouteId } from "../lib/route-id";
import { RecordReferenceText } from "./RecordReferenceText";
import { withI18n } from "./with-i18n";

export { shortReference } from "./RecordReferenceText";

/**
 * Shows which record a dynamic page is about. The page is one pre-rendered shell per locale (id "_"), so the real
 * id is read from the URL only after mount: reading it during hydration would not match the HTML (React #418).
 * (/visa/{id}/details has it drawn by the edge instead; this island draws it there only when the edge could not.)
 */
function RecordReferenceView({ reference }: { reference?: string }) {
  return <RecordReferenceText id={useRouteId()} reference={reference} />;
}

export default withI18n(RecordReferenceView);
