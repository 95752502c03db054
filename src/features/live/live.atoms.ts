/**
 * The live stores themselves, apart from what changes them (live.store.ts, with its toasts): the home page's news
 * and events islands render these at start without loading the toaster (issue 9).
 */
import { atom } from "nanostores";
import type { EventRecord } from "../../contract/events";
import type { NewsItem } from "../../contract/news";

/** Unseen events addressed to the reader; null until first known. */
export const $unseen = atom<number | null>(null);
/** The latest events, newest first. */
export const $recentEvents = atom<EventRecord[] | null>(null);
/** The home page's news list; null until loaded. */
export const $news = atom<NewsItem[] | null>(null);
/** spec §4: set true when a request.created message arrives; nothing resets it. */
export const $newRequest = atom(false);
/** The agency's balance from the latest balance message (the header listens). */
export const $liveBalance = atom<{ balance: number; currency: string } | null>(null);
