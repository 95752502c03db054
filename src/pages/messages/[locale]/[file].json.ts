/**
 * The message files islands read when they take over a view the edge drew (src/lib/edge-views.ts): one per language
 * and key prefix, named by their content (messagesUrl), built from locales/*.json like every page's strings.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { messageFile, messagePrefixes, messagesUrl } from "../../../lib/messages";
import { LOCALES } from "../../../shared/locales";

export const getStaticPaths = (() =>
  LOCALES.flatMap((locale) =>
    messagePrefixes().map((prefix) => ({
      // "/messages/en/news.abc123.json" → file "news.abc123"
      params: { locale, file: messagesUrl(locale, prefix).split("/").pop()!.replace(/\.json$/, "") },
      props: { body: messageFile(locale, prefix) },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(props.body as string, { headers: { "Content-Type": "application/json; charset=utf-8" } });
