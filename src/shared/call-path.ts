/**
 * An API call as the browser's HTTP client sends it (path under /api with its query string): the key under which the
 * edge finds an answer it already fetched for a page (first data, edge views), so both sides must spell it the same.
 */
export function callPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return `${path}?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;
}
