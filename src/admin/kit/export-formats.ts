/** The export formats of DESIGN §4 (`…/export…/{csv|xlsx|pdf}`). */
export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
