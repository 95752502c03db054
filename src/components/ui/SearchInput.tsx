/** A search box with a visible icon, a clear button and an accessible name. The caller debounces. */
import { Search, X } from "./icons";
import { useT } from "../../lib/i18n";
import { IconButton } from "./Button";

export function SearchInput({ value, onValue, label, testId = "search" }: { value: string; onValue: (value: string) => void; label: string; testId?: string }) {
  const t = useT();
  return (
    <div className="relative w-full sm:max-w-xs" role="search">
      <Search size={18} aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 my-auto muted" />
      <input
        type="search"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-label={label}
        placeholder={label}
        className="block w-full min-h-10 rounded-[var(--radius-control)] border border-[var(--border)] bg-[var(--surface)] ps-10 pe-10 py-1.5 focus:outline-2 focus:outline-primary-500/40 focus:border-primary-500 [&::-webkit-search-cancel-button]:hidden"
        data-testid={testId}
      />
      {value && (
        <span className="absolute inset-y-0 end-0.5 flex items-center">
          <IconButton icon={X} size="sm" label={t("ui.clearSearch")} onClick={() => onValue("")} />
        </span>
      )}
    </div>
  );
}
