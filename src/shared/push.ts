/**
 * Push constants both sides need without the validation library (the browser's live client stays free of zod).
 * Spec §9: a foreground push toast's default colour is white.
 */
export const PUSH_DEFAULT_COLOR = "#ffffff";

/**
 * The kinds of event a person may choose to receive as push notifications (their own settings on /information).
 * Here, not in the contract, so the settings island carries no validation library.
 */
export const PUSH_CHOICES = [
  "request.created", "request.updated", "document.uploaded", "news-feed.created", "balance.updated", "event.created", "message.created",
] as const;
export type PushChoice = (typeof PUSH_CHOICES)[number];
/** What reaches administrators (the all-admins audience): agencies' requests, their documents, team messages. */
export const ADMIN_PUSH_CHOICES: readonly PushChoice[] = ["request.created", "request.updated", "document.uploaded", "event.created", "message.created"];
