/**
 * The island's side of a thread (issue 29): reads it, follows the live hub's word on it, marks it read while the page
 * is in view, sends (with files, through the upload path so a failure is said under the form) and corrects.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Thread, ThreadMessage } from "../../contract/threads";
import { api } from "../../lib/api";
import { followRecords, threadTopic } from "../../lib/record-changes";
import { upload, UploadError } from "../../lib/upload";
import type { ThreadLive, ThreadState } from "./ThreadView";

export type ThreadKind = "visa" | "translation";
const base = (kind: ThreadKind, id: string) => `${kind === "visa" ? "requests" : "legal-translation"}/${encodeURIComponent(id)}/messages`;

export function useThread(kind: ThreadKind, id: string | null): { state: ThreadState; live: ThreadLive } {
  const [state, setState] = useState<ThreadState>({ status: "loading" });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const marking = useRef(false);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const thread = await api.get<Thread>(base(kind, id), { notify: false });
      setState({ status: "ready", data: thread });
      // Read while it is in view: the other side's page then says "seen". One mark at a time.
      if (thread.unread > 0 && document.visibilityState === "visible" && !marking.current) {
        marking.current = true;
        api.post(`${base(kind, id)}/read`, {}, { notify: false }).then(
          () => setState((s) => (s.status === "ready" ? { status: "ready", data: { ...s.data, unread: 0 } } : s)),
          () => undefined,
        ).finally(() => (marking.current = false));
      }
    } catch {
      setState((s) => (s.status === "ready" ? s : { status: "error" }));
    }
  }, [kind, id]);

  useEffect(() => {
    if (!id) return;
    void load();
    const stop = followRecords([threadTopic(kind, id)], load);
    // Coming back to a tab that was hidden: what arrived meanwhile is read now.
    const visible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", visible);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", visible);
    };
  }, [kind, id, load]);

  const failed = (e: unknown) => setError(e instanceof UploadError && e.body?.message ? String(e.body.message) : "");

  return {
    state,
    live: {
      sending,
      error,
      retry: () => void load(),
      async send(body, files, internal) {
        if (!id) return false;
        setSending(true);
        setError(null);
        try {
          const form = new FormData();
          form.append("data", JSON.stringify({ body, ...(internal ? { internal: true } : {}) }));
          for (const file of files) form.append("file", file, file.name);
          const message = await upload<ThreadMessage>(base(kind, id), form);
          setState((s) => (s.status === "ready" ? { status: "ready", data: { ...s.data, data: [...s.data.data, message] } } : s));
          void load();
          return true;
        } catch (e) {
          failed(e);
          return false;
        } finally {
          setSending(false);
        }
      },
      async edit(messageId, body) {
        if (!id) return false;
        setSending(true);
        setError(null);
        try {
          await api.patch(`${base(kind, id)}/${encodeURIComponent(messageId)}`, { body });
          await load();
          return true;
        } catch {
          return false;
        } finally {
          setSending(false);
        }
      },
    },
  };
}
