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
// File pickers and number fields (the translation order, the filing form, a request's corrections): their handlers
// read these, in the browser only.
interface HTMLInputElement {
  files: { readonly length: number; item(index: number): File | null; [index: number]: File; [Symbol.iterator](): IterableIterator<File> } | null;
  selectionStart: number | null;
  selectionEnd: number | null;
  setSelectionRange(start: number | null, end: number | null): void;
  click(): void;
}
