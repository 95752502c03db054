/**
 * Links an admin may set on banners and the theme (issue 10, item 6): a path of this site or an absolute https URL,
 * nothing else. Shared by the contract schema (API and admin form) and the page that renders the links.
 *
 * A same-site path has exactly one leading slash: `//host/x` is protocol-relative and `/\host` is read as `//host` by
 * browsers (a backslash is a slash in http(s) URLs), so both leave the site. Spaces and control characters are refused
 * anywhere: browsers drop tabs and newlines inside URLs, so `/\t/host` would also become `//host`.
 */
const SITE_PATH = /^\/(?![/\\])[^\u0000-\u0020\u007f\\]*$/;
const HTTPS_URL = /^https:\/\/[^\u0000-\u0020\u007f\\/?#@]+(?:[/?#][^\u0000-\u0020\u007f\\]*)?$/i;

export function isSiteLink(link: string): boolean {
  if (SITE_PATH.test(link)) return true;
  if (!HTTPS_URL.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** True for a link that leaves the site (an https URL); it opens without giving the target our page. */
export const isExternalLink = (link: string) => /^https:/i.test(link);

/**
 * A URL allowed in rich content's href (link) or src (image), as the browser's URL parser will read it, or null.
 * Links: http(s), mailto, a path of this site or a #fragment; images: https or a path of this site (our
 * /api/files/…). The HTML parser has decoded character references already; the URL parser then drops tabs and
 * newlines anywhere and C0 controls and spaces at both ends, so we do the same before looking at the scheme.
 */
export function safeUrl(raw: string, kind: "link" | "image"): string | null {
  const url = raw.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!url || /[\u0000-\u001f\u007f]/.test(url)) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  if (kind === "link" && url.startsWith("#")) return url;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  const allowed = kind === "link" ? ["http", "https", "mailto"] : ["https"];
  if (!scheme || !allowed.includes(scheme)) return null;
  if (scheme !== "mailto" && !/^https?:\/\/[^/\\]/i.test(url)) return null;
  return url;
}
