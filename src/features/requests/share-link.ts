/**
 * The island's side of ShareStatus (issue 29): POST/DELETE requests/{id}/share and the clipboard. A hook, not a page
 * store: the link lives as long as the page shows it (a new link replaces the old one on the server anyway).
 */
import { useState } from "react";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import type { ShareLink, ShareLive, ShareSaid } from "./ShareStatus";

export function useShareLink(requestId: string | null): ShareLive {
  const [link, setLink] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<ShareSaid>("");
  const path = `requests/${encodeURIComponent(requestId ?? "")}/share`;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setSaid("");
    try {
      await work();
    } catch {
      setSaid("failed");
    } finally {
      setBusy(false);
    }
  };
  return {
    link, busy, said,
    create: (language: Locale) => void run(async () => setLink(await api.post<ShareLink>(path, { locale: language }))),
    stop: () => void run(async () => {
      await api.delete(path);
      setLink(null);
      setSaid("stopped");
    }),
    copy: (text: string, what: ShareSaid) => {
      navigator.clipboard.writeText(text).then(() => setSaid(what), () => setSaid("failed"));
    },
  };
}
