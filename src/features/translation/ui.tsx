/**
 * The translation pages' small pieces (parts.tsx), with the document links and export buttons bound to the API for
 * the islands (a document saved under its own name, an export with the bearer token).
 */
import type { OrderDocument } from "../../contract/translation";
import type { Locale } from "../../shared/locales";
import { downloadDocument, downloadExport } from "./api";
import { DocumentLinks as Links, ExportButtons as Exports, type ExportFormat } from "./parts";

export { FilePicker, Languages, StatusBadge, text } from "./parts";

export const download = (document: OrderDocument) => void downloadDocument(document.url, document.name).catch(() => undefined);
export const exportOf = (path: string, locale: Locale) => (format: ExportFormat) => downloadExport(path, locale, format);

export function DocumentLinks({ documents, testId }: { documents: OrderDocument[]; testId: string }) {
  return <Links documents={documents} testId={testId} onDownload={download} />;
}

export function ExportButtons({ path, locale }: { path: string; locale: Locale }) {
  return <Exports onExport={exportOf(path, locale)} />;
}
