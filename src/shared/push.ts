/**
 * Push constants both sides need without the validation library (the browser's live client stays free of zod).
 * Spec §9: a foreground push toast's default colour is white.
 */
export const PUSH_DEFAULT_COLOR = "#ffffff";
