/**
 * The rich-content sanitizer (src/shared/rich-content.ts, on parse5: ~350 KB of the Worker) loaded on first use, not
 * when an isolate starts (issue 31): only catalogue and news reads and writes need it, every other call never does.
 * The deploy build (scripts/worker-build.mjs) makes it a module of its own.
 */
export type RichContent = typeof import("../../src/shared/rich-content");

let loading: Promise<RichContent> | undefined;

/** The sanitizer, imported once per isolate. */
export const richContent = (): Promise<RichContent> => (loading ??= import("../../src/shared/rich-content"));
