/** Small accessible building blocks mostly native elements; Headless UI only in the dialogs and the combobox, which load with the forms (STYLE: components/ui). Texts arrive translated. */
export { Button, IconButton, buttonClass, type ButtonProps, type ButtonVariant, type IconButtonProps } from "./Button";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog";
export { DateField, type DateFieldProps } from "./DateField";
export { Dialog, type DialogProps, type DialogSize } from "./Dialog";
export { Field, FieldError, FieldInput, FieldSelect, FieldTextarea, Select, TextField, controlClass, useFieldControl, type SelectOption, type SelectProps, type TextFieldProps } from "./Field";
export { Alert, EmptyState, ProgressBar, Skeleton, Spinner } from "./Feedback";
export { MultiSelect, type MultiSelectProps } from "./MultiSelect";
export { Pagination, type PaginationProps } from "./Pagination";
export { SearchInput } from "./SearchInput";
export { Switch, type SwitchProps } from "./Switch";
export { SortHeader, Table, cellClass, headerCellClass, type SortOrder } from "./Table";
export { formatDate, formatMoney, formatNumber, intlLocale, intlLocales, isolateAmount, minorUnitsPerMajor } from "./format";
export { Money } from "./Money";
