/**
 * The news feed (issue 13; spec §3 "News item", §4 "News list"): admins write localized items with a rich-text
 * message (sanitized by the API when saved and by the page when shown); agents read the enabled ones, newest first.
 */
import * as z from "zod/mini";
import { checked, flagText, id, listQuery, type LocalizedText } from "./common";
import { localizedText, patchOf } from "./catalogue";

/** Rich text of one language: required, at most 20 000 characters of HTML. */
const richText = checked(z.string({ error: "validation.required" }), z.trim(), z.minLength(1, { error: "validation.required", abort: true }), z.maxLength(20_000, { error: "validation.tooLong" }));

export const newsInput = z.strictObject({
  title: localizedText(200),
  message: z.strictObject({ en: richText, ar: richText, ku: richText }),
  enabled: z._default(z.boolean({ error: "validation.invalid" }), true),
});
export const newsPatch = patchOf(newsInput);
export type NewsInput = z.input<typeof newsInput>;

export interface NewsItem {
  _id: string;
  enabled: boolean;
  title: LocalizedText;
  /** Sanitized HTML per language. */
  message: LocalizedText;
  createdAt: string;
  updatedAt: string;
  /** Whether the reader has read it (GET news-feed only, issue 27). */
  read?: boolean;
}

export const newsListQuery = z.extend(listQuery, { enabled: z.optional(flagText("validation.invalid")) });

/** GET news-feed: the reader's feed, paged and searchable; `read` keeps only read (true) or unread (false) items. */
export const newsFeedQuery = z.extend(listQuery, { read: z.optional(flagText("validation.invalid")) });

/**
 * POST news-feed/mark-read (our addition, issue 27): the listed items read (or unread with `read: false`); without
 * ids, every item is marked read ("mark all as read").
 */
export const markNewsInput = z
  .strictObject({
    ids: z.optional(z.array(id).check(z.minLength(1, { error: "validation.required" }), z.maxLength(100, { error: "validation.max" }))),
    read: z._default(z.boolean({ error: "validation.invalid" }), true),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.read && !value.ids) ctx.addIssue({ code: "custom", path: ["ids"], message: "validation.required", input: value });
    }),
  );
