/**
 * The answers the edge wrote into the page for its first API calls (functions/edge/first-data.ts; issue 9). Each is
 * taken once: the island's first GET of that call gets it without a round trip; any later GET (a reload of the
 * list, a retry) asks the API as usual.
 */
const FIRST_DATA_ID = "first-data";

let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === "undefined" ? null : document.getElementById(FIRST_DATA_ID);
  if (element?.textContent) {
    try {
      for (const [path, value] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) answers.set(path, value);
    } catch {
      // A page whose data cannot be read simply asks the API.
    }
  }
  return answers;
}

/** The written answer for `path` ("/visa/one/abc", no query), once; undefined when there is none. */
export function takeFirstData(path: string): unknown {
  const store = load();
  if (!store.has(path)) return undefined;
  const value = store.get(path);
  store.delete(path);
  return value;
}

/** Forgets every written answer: the records changed since the edge wrote them (src/lib/record-changes.ts). */
export function discardFirstData(): void {
  load().clear();
}
