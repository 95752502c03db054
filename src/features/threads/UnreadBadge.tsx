/** New messages from the other side in a record's thread (issue 29): lists show it beside the reference. */
import { useT } from "../../lib/i18n";

export function UnreadBadge({ count }: { count?: number }) {
  const t = useT();
  if (!count) return null;
  return (
    <span className="ms-2 inline-flex rounded-full bg-primary-600 px-2 py-0.5 font-sans text-xs font-bold text-white" data-testid="unread-messages" data-count={count}>
      {t("threads.unreadMessages", { count })}
    </span>
  );
}
