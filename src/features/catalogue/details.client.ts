/**
 * /visa/{id}/details: the edge draws the record's reference and the visa's boxes into the page (functions/edge/views.tsx),
 * so nothing runs here on the usual path. Only when it could not does the browser put the islands in (the lead too,
 * when the edge left it empty: VisaDetails fills it).
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";

void registerViewsAfterPaint({
  "visa-details": () => import("./VisaDetails"),
  "record-reference": () => import("../../components/RecordReference"),
});
