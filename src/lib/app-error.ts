/**
 * Spec §8: "Mount or setup errors are stored as the app error and show the error page". The first such error is
 * kept in $appError and the page is replaced, in place (the address stays), by the server-error page of its own
 * language as the Worker serves it, instead of leaving a half-drawn page.
 */
import { atom } from "nanostores";

export const $appError = atom<unknown>(null);

/** Stores the error and shows the localized server-error page; later errors only log. */
export async function showAppError(error: unknown, fetcher: typeof fetch = fetch): Promise<void> {
  console.error(error);
  if ($appError.get() !== null) return;
  $appError.set(error);
  const lang = document.documentElement.dataset.locale ?? "en";
  let html: string;
  try {
    html = await (await fetcher(`/${lang}/error/500/`, { headers: { Accept: "text/html" } })).text();
  } catch {
    // No answer either (offline): the plain words of spec §2 are better than a broken page.
    document.body.textContent = "Internal Server Error";
    return;
  }
  const page = new DOMParser().parseFromString(html, "text/html");
  document.title = page.title;
  const root = document.documentElement;
  for (const name of ["lang", "dir"]) {
    const value = page.documentElement.getAttribute(name);
    if (value) root.setAttribute(name, value);
  }
  document.body.replaceWith(document.importNode(page.body, true));
}
