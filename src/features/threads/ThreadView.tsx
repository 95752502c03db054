/**
 * The conversation about one request or order (issue 29 item 1), as both sides see it: the messages oldest first, each
 * with its writer, side and time, its files, an "internal" mark on the office's notes, "edited" on a corrected one,
 * and under the writer's last message whether the other side has seen it; then the form to write. Presentational:
 * the edge draws it with the page (no script); the island (Thread.tsx) brings the calls when the reader reaches for
 * the form or a message arrives.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { FileText, Lock, Pencil, Send } from "../../components/ui/icons";
import type { Thread, ThreadMessage, ThreadSide } from "../../contract/threads";
import { MESSAGE_MAX } from "../../contract/threads";
import { useT } from "../../lib/i18n";
import { formatDate, formatFileSize } from "../../shared/format";
import type { Locale } from "../../shared/locales";

/** The visa request's printout with its conversation (/print with thread=1). */
export const threadPrintHref = (locale: string, id: string) => `/${locale}/print/?kind=visa&id=${encodeURIComponent(id)}&thread=1`;

export type ThreadState = { status: "loading" } | { status: "error" } | { status: "ready"; data: Thread };

/** The island's side: sending, correcting, and what was said. Absent while the edge's drawing shows. */
export interface ThreadLive {
  sending: boolean;
  error: string | null;
  send(body: string, files: File[], internal: boolean): Promise<boolean>;
  edit(id: string, body: string): Promise<boolean>;
  retry(): void;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its web addresses as links (text stays text: never HTML). */
function Linked({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" className="text-primary-800 underline break-all dark:text-primary-200" dir="ltr">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

const time = (iso: string, locale: Locale, timeZone?: string) =>
  formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) });

function Message({ message, mine, seen, locale, timeZone, live }: {
  message: ThreadMessage; mine: boolean; seen: ReactNode; locale: Locale; timeZone?: string; live?: ThreadLive;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.body);
  const editId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await live?.edit(message._id, draft)) setEditing(false);
  };
  const tone = message.internal
    ? "border-amber-400 bg-amber-50 dark:bg-amber-950/40"
    : mine ? "border-primary-300 bg-primary-50 dark:bg-primary-950/40" : "border-[var(--border)] bg-[var(--surface)]";
  return (
    <li className={`flex flex-col gap-1 rounded-xl border p-3 ${mine ? "ms-6" : "me-6"} ${tone}`} data-testid="thread-message" data-side={message.side} data-internal={message.internal ? "true" : undefined}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">
          <bdi>{message.author.name}</bdi>
          <span className="muted font-normal"> · {t(message.side === "office" ? "threads.side.office" : "threads.side.agency")}</span>
        </span>
        <time className="muted text-xs" dateTime={message.createdAt}>{time(message.createdAt, locale, timeZone)}</time>
      </div>
      {message.internal && (
        <p className="flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-200">
          <Lock size={14} aria-hidden="true" />
          {t("threads.internalMark")}
        </p>
      )}
      {editing ? (
        <form className="flex flex-col gap-2" onSubmit={save}>
          <label htmlFor={editId} className="sr-only">{t("threads.editLabel")}</label>
          <textarea id={editId} className="field min-h-20" dir="auto" value={draft} maxLength={MESSAGE_MAX} onChange={(e) => setDraft(e.target.value)} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-sm" disabled={live?.sending || !draft.trim()}>{t("threads.save")}</button>
            <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>{t("threads.cancelEdit")}</button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-wrap break-words" dir="auto" data-testid="thread-message-body"><Linked text={message.body} /></p>
      )}
      {message.files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("threads.files")}>
          {message.files.map((file) => (
            <li key={file.url}>
              <a className="inline-flex items-center gap-1 rounded-lg border border-[var(--border)] px-2 py-1 text-sm hover:underline" href={file.url} target="_blank" rel="noopener" data-testid="thread-file">
                <FileText size={16} aria-hidden="true" />
                <bdi>{file.name}</bdi>
                <span className="muted text-xs">({formatFileSize(file.size, locale)})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span className="muted">{message.editedAt ? t("threads.edited") : ""}</span>
        {message.editable && live && !editing && (
          <button type="button" className="inline-flex items-center gap-1 font-semibold text-primary-800 hover:underline dark:text-primary-200" onClick={() => setEditing(true)}>
            <Pencil size={14} aria-hidden="true" />
            {t("threads.edit")}
          </button>
        )}
        {seen}
      </div>
    </li>
  );
}

export function ThreadView({ state, side, locale, timeZone, live, printHref }: {
  state: ThreadState; side: ThreadSide; locale: Locale; timeZone?: string; live?: ThreadLive;
  /** The request's printout with this conversation (visa requests). */
  printHref?: string;
}) {
  const t = useT();
  const id = useId();
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [internal, setInternal] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!live || !body.trim()) return;
    if (await live.send(body, files, internal)) {
      setBody("");
      setFiles([]);
      setInternal(false);
      setFileKey((k) => k + 1);
    }
  };
  const thread = state.status === "ready" ? state.data : null;
  const other = side === "office" ? "agency" : "office";
  const lastMine = thread ? [...thread.data].reverse().find((m) => m.side === side && !m.internal) : undefined;
  const otherRead = thread?.read[other] ?? null;

  return (
    <section className="card flex flex-col gap-4 p-6" aria-labelledby={`${id}-title`} data-testid="thread" data-unread={thread?.unread ?? 0}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <Send size={24} aria-hidden="true" className="text-primary-600 flip-rtl" />
        {t("threads.title")}
        {thread && thread.unread > 0 && (
          <span className="rounded-full bg-primary-600 px-2 text-xs font-bold text-white" data-testid="thread-unread">
            {t("threads.unread", { count: thread.unread })}
          </span>
        )}
      </h2>
      {printHref && thread && thread.data.length > 0 && (
        <a className="w-fit text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={printHref} data-testid="thread-print">{t("threads.print")}</a>
      )}
      {state.status === "loading" && <p className="muted text-sm" aria-busy="true">{t("threads.loading")}</p>}
      {state.status === "error" && (
        <p className="text-sm" role="alert">
          {t("threads.loadFailed")}{" "}
          {live && <button type="button" className="font-semibold underline" onClick={live.retry}>{t("threads.retry")}</button>}
        </p>
      )}
      {thread && thread.data.length === 0 && <p className="muted text-sm">{t(side === "office" ? "threads.emptyOffice" : "threads.emptyAgency")}</p>}
      {thread && thread.data.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label={t("threads.title")} data-testid="thread-messages">
          {thread.data.map((message) => (
            <Message
              key={message._id}
              message={message}
              mine={message.side === side}
              locale={locale}
              timeZone={timeZone}
              live={live}
              seen={message === lastMine ? (
                <span className="muted" data-testid="thread-seen" data-seen={otherRead && otherRead >= message.createdAt ? "true" : "false"}>
                  {otherRead && otherRead >= message.createdAt ? t(side === "office" ? "threads.seenByAgency" : "threads.seenByOffice") : t("threads.notSeenYet")}
                </span>
              ) : null}
            />
          ))}
        </ol>
      )}
      <form className="flex flex-col gap-3" onSubmit={submit} data-testid="thread-form">
        <label htmlFor={`${id}-body`} className="font-semibold">{t("threads.write")}</label>
        <textarea
          id={`${id}-body`}
          className="field min-h-24"
          dir="auto"
          maxLength={MESSAGE_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-hint`}
          data-testid="thread-input"
        />
        <p id={`${id}-hint`} className="muted text-xs">{t(side === "office" ? "threads.hintOffice" : "threads.hintAgency")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span>{t("threads.attach")}</span>
            <input
              key={fileKey}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 5))}
              data-testid="thread-files"
            />
          </label>
          {side === "office" && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} data-testid="thread-internal" />
              {t("threads.internal")}
            </label>
          )}
        </div>
        {live?.error && <p className="text-sm text-red-700 dark:text-red-300" role="alert" data-testid="thread-error">{live.error}</p>}
        <div>
          <button type="submit" className="btn bg-primary-500 text-stone-950! hover:bg-primary-400! disabled:opacity-55" disabled={!live || live.sending || !body.trim()} data-testid="thread-send">
            <Send size={20} aria-hidden="true" className="flip-rtl" />
            {t(live?.sending ? "threads.sending" : "threads.send")}
          </button>
        </div>
      </form>
    </section>
  );
}
