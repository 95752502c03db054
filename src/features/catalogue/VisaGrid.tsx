import { useDeferredValue, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import type { VisaSummary } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import type { Loadable } from "./loadable";
import { EmptyPanel, ErrorPanel } from "./ui";
import { VISA_GRID, VisaCard, VisaCardSkeleton } from "./VisaCard";

const VISA_STRIP = "-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 scroll-px-4 [scrollbar-width:thin]";
const VISA_STRIP_ITEM =
  "w-[85%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)] xl:w-[calc((100%-3rem)/4)]";

/**
 * A list of visa cards in its three looks: skeleton cards (same size as the real ones) while loading, the cards,
 * or an empty or error panel. `aria-busy` tells assistive technology the list is still coming.
 */
export function VisaGrid(props: {
  state: Loadable<readonly VisaSummary[]>;
  locale: Locale;
  skeletons: number;
  onRetry: () => void;
  empty?: ReactNode;
  testId?: string;
  /** Load the first card's image at once (it is above the fold). */
  eagerFirst?: boolean;
  /** "grid" wraps into rows; "strip" is one row that scrolls sideways, so its height never depends on the count. */
  layout?: "grid" | "strip";
}) {
  const t = useT();
  // Store updates render synchronously (useSyncExternalStore): a page of cards would be one long task on a phone.
  // The deferred copy renders the cards in a transition React can split into small slices; the skeleton stays until
  // the whole list is ready, then everything swaps in one commit.
  const state = useDeferredValue(props.state);
  const { locale } = props;
  const strip = props.layout === "strip";
  const item = strip ? VISA_STRIP_ITEM : undefined;
  if (state.status === "error" || state.status === "notFound") return <ErrorPanel onRetry={props.onRetry} />;
  if (state.status === "ready" && state.data.length === 0) {
    return <>{props.empty ?? <EmptyPanel title={t("catalogue.noVisas")} />}</>;
  }
  return (
    <ul className={strip ? VISA_STRIP : VISA_GRID} aria-busy={state.status === "loading" || undefined} data-testid={props.testId} data-state={state.status}>
      {state.status === "loading"
        ? Array.from({ length: props.skeletons }, (_, i) => (
            <li key={i} className={item}>
              <VisaCardSkeleton />
            </li>
          ))
        : state.data.map((visa, i) => (
            <li key={visa._id} className={item}>
              <VisaCard visa={visa} locale={locale} priority={props.eagerFirst && i === 0 ? "first" : strip && i > 0 ? "low" : undefined} />
            </li>
          ))}
    </ul>
  );
}
