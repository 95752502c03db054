/**
 * Read and unread, as the reader sees it on /news, /events and the home page's news box (issue 27): the unread mark
 * before a title (a dot, and the word for screen readers) and the button that toggles an item. Presentational: the
 * edge draws them too (the home box), with no handler; the box's island takes the press over (src/lib/edge-views.ts).
 */
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { useT } from "../../lib/i18n";

export function UnreadMark({ read }: { read: boolean }) {
  const t = useT();
  if (read) return null;
  return (
    <>
      <span className="me-2 inline-block size-2 rounded-full bg-primary-600 align-middle" aria-hidden="true" />
      <span className="sr-only">({t("feed.unread")}) </span>
    </>
  );
}

export function ReadToggle({ read, onToggle, testId }: { read: boolean; onToggle?: () => Promise<unknown>; testId: string }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      variant="ghost"
      pending={pending}
      onClick={
        onToggle &&
        (() => {
          setPending(true);
          void onToggle().finally(() => setPending(false));
        })
      }
      data-testid={testId}
    >
      {t(read ? "events.markUnseen" : "events.markSeen")}
    </Button>
  );
}
