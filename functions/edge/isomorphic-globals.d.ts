/**
 * The Worker draws a few of the pages' React components into HTML (edge/views.tsx). Those components name browser
 * globals behind `typeof document` checks; in the Worker there is no document, and the checks keep them from running.
 * Only the names are declared here, for the type checker of this (DOM-less) project.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;
interface HTMLSelectElement {
  value: string;
}
interface HTMLInputElement {
  value: string;
}
interface HTMLTextAreaElement {
  value: string;
}
interface HTMLInputElement {
  checked: boolean;
}
// The kit's table (the money pages' views).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
interface HTMLTableCellElement extends HTMLElement {}
// The translation order's file picker and number field.
interface HTMLInputElement {
  files: (Iterable<File> & ArrayLike<File>) | null;
  selectionStart: number | null;
  selectionEnd: number | null;
  setSelectionRange(start: number | null, end: number | null): void;
}
