/** The admin CRUD kit: every admin resource is built from these (STYLE: admin/kit). */
export { ConfirmDialog } from "../../components/ui";
export { FormFields, ColourField, testIdOf } from "./FormFields";
export { ImageUpload, type ImageUploadProps } from "./ImageUpload";
export { FormDialog, ResourceForm, UnsavedChangesDialog } from "./ResourceForm";
export { DEFAULT_CURRENCY, ResourcePage, useResourceStore } from "./ResourcePage";
export { ResourceTable } from "./ResourceTable";
export { RichTextEditor } from "./RichTextEditor";
export { createFormStore, errorMessage, serverErrors, zodErrors, type FieldErrors, type FieldMessage, type FormStore } from "./form.store";
export { emptyValues, inputFromValues, valuesFromRecord, type FormValues } from "./fields";
export { messageText, usePageLocale, useOptions, useUnsavedChangesGuard } from "./hooks";
export { fromMinorUnits, normalizeNumberText, toMinorUnits } from "./money";
export { localized, type Column, type FieldDef, type FilterDef, type OptionsSource, type ResourceDefinition } from "./resource";
export { catalogueEndpoints, createResourceStore, queryParams, type HttpLike, type ListQuery, type ResourceStore } from "./resource.store";
export { RICH_TEXT_CLASS, sanitizeHtml } from "./rich-text";
export { checkImageFile, fileForm, upload, UploadError, uploadProblem, type UploadOptions } from "./upload";
export { wholeList, optionsOf } from "./options";
