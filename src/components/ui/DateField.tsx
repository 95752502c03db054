/**
 * THE date field (issue 26 item 2): a native <input type="date"> draws itself in the browser's language
 * ("mm/dd/yyyy" in an English-interface browser on an Arabic page), so every date a person types goes through this
 * one instead. It shows the day, month and year in the page's order and digits (format.ts: Arabic-Indic in ar and
 * ku), takes any digits a keyboard sends (Latin, Arabic-Indic, Extended Arabic-Indic), and behaves like the native
 * field for keyboards and screen readers: one spin button per part with its value, bounds and spoken text, Up/Down
 * change it, typing fills it and moves on, Backspace clears, Left/Right move in the direction the page reads, and
 * Tab leaves (one tab stop: the last part used). A calendar button opens a month grid for the mouse and the keyboard.
 * The value in and out is ISO yyyy-mm-dd ("" while incomplete, as the native field reports), so stores, forms
 * (a hidden input under `name`) and validation see what they saw before.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { pageLocale, useT } from "../../lib/i18n";
import { formatDate, formatNumber, intlLocale } from "./format";
import { isRtl } from "../../shared/locales";
import { westernDigit } from "./digits";
import { CalendarDays, ChevronLeft, ChevronRight } from "./icons";
import { useFieldControl } from "./Field";

export type DatePart = "day" | "month" | "year";
export interface DateParts { day: number | null; month: number | null; year: number | null }

/** What a part is called (spoken with the spin button) and what an empty part shows, in the page's language. */
const PART_LABEL: Record<DatePart, string> = { day: "ui.date.day", month: "ui.date.month", year: "ui.date.year" };
const PART_EMPTY: Record<DatePart, string> = { day: "ui.date.dayPlaceholder", month: "ui.date.monthPlaceholder", year: "ui.date.yearPlaceholder" };

/**
 * The Worker draws this field too (edge views) and its types have no DOM: the few DOM calls, made only in the
 * browser, go through this view of an element.
 */
interface DomNode {
  focus(): void;
  contains(other: unknown): boolean;
  addEventListener: EventTarget["addEventListener"];
  removeEventListener: EventTarget["removeEventListener"];
}
const dom = (node: unknown) => node as DomNode | null | undefined;

const EMPTY: DateParts = { day: null, month: null, year: null };
const YEARS: [number, number] = [1000, 9999];

export const daysInMonth = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** "1985-03-04" → its parts; anything else → empty parts. */
export function partsOf(iso: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return EMPTY;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, year) ? { day, month, year } : EMPTY;
}

/** The ISO date of complete parts, "" otherwise (what a native date input reports while a part is missing). */
export function isoOf({ day, month, year }: DateParts): string {
  if (day === null || month === null || year === null || year < YEARS[0] || day > daysInMonth(month, year)) return "";
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The lowest and highest value of a part (the day's top follows the month and year once they are known). */
export function boundsOf(part: DatePart, parts: DateParts): [number, number] {
  if (part === "month") return [1, 12];
  if (part === "year") return YEARS;
  return [1, parts.month === null ? 31 : daysInMonth(parts.month, parts.year ?? 2000)];
}

const orders = new Map<string, DatePart[]>();
/**
 * The parts in the order the page writes a date: en m/d/y, ar and ku d/m/y. Kurdish takes Iraqi Arabic's order, as
 * its digits do (format.ts): Node knows "ckb" (y-m-d) and Chromium does not, and the edge and the browser must draw
 * the same field.
 */
export function partOrder(locale: string): DatePart[] {
  let order = orders.get(locale);
  if (!order) {
    const parts = new Intl.DateTimeFormat(locale === "ku" ? "ar-IQ" : intlLocale(locale), { day: "2-digit", month: "2-digit", year: "numeric" }).formatToParts(new Date(Date.UTC(2000, 0, 2)));
    order = parts.map((p) => p.type).filter((t): t is DatePart => t === "day" || t === "month" || t === "year");
    if (order.length !== 3) order = ["day", "month", "year"];
    orders.set(locale, order);
  }
  return order;
}

/** A part's digits as the page writes them (two for day and month, four for a year). */
const digitsOf = (part: DatePart, value: number, locale: string) =>
  formatNumber(value, locale, { minimumIntegerDigits: part === "year" ? 4 : 2, useGrouping: false });

/** One typed character as a digit 0–9 (any of the three digit systems), or null. */
export function typedDigit(key: string): number | null {
  if (key.length !== 1) return null;
  const digit = westernDigit(key);
  return /^\d$/.test(digit) ? Number(digit) : null;
}

const todayParts = (): DateParts => {
  const now = new Date();
  return { day: now.getDate(), month: now.getMonth() + 1, year: now.getFullYear() };
};

export interface DateFieldProps {
  /** ISO yyyy-mm-dd, or "" for no date. */
  value: string;
  /** Called with the ISO date once all parts make one, and with "" when a part is cleared. */
  onValue?: (iso: string) => void;
  /** The field's name in the page's language (the group's accessible name; the parts add "day", "month", "year"). */
  label: string;
  id?: string;
  /** The form field's name: a hidden input carries the ISO value under it. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** ISO bounds for the calendar (days outside cannot be picked there), as on the native field. */
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The page's language unless told (component tests). */
  locale?: string;
  /** On the hidden input (its value is the ISO date); the visible group takes `${testId}-field`. */
  testId?: string;
  className?: string;
}

export function DateField({ value, onValue, label, id: givenId, name, required, disabled: givenDisabled, min, max, invalid, describedBy: givenDescribedBy, locale: given, testId, className = "" }: DateFieldProps) {
  const t = useT();
  // Inside a Field, the label, hint and error are tied to this group as they are to an input.
  const control = useFieldControl(Boolean(invalid));
  const id = givenId ?? control.id;
  const describedBy = givenDescribedBy ?? control["aria-describedby"];
  const disabled = givenDisabled ?? control.disabled;
  const locale = given ?? pageLocale();
  const rtl = isRtl(locale);
  const order = partOrder(locale);
  const [parts, setParts] = useState<DateParts>(() => partsOf(value));
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);
  const typed = useRef("");
  const segments = useRef<(HTMLSpanElement | null)[]>([]);
  const button = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  // Drawn by the edge or the build, the parts are not editable until this code runs: typed text would land in the
  // markup as raw characters and be lost when the island takes over.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  // A value set from outside (the passport reader, a reset, the address bar) replaces what is shown; the value this
  // field reported itself does not (an incomplete date reports "" and must keep the parts typed so far).
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setParts(partsOf(value));
    }
  }, [value]);

  const commit = (next: DateParts) => {
    // A day past the month's end (31 → February) comes down to its last day, as the native field does.
    const top = boundsOf("day", next)[1];
    const fixed = next.day !== null && next.day > top ? { ...next, day: top } : next;
    setParts(fixed);
    const iso = isoOf(fixed);
    if (iso !== emitted.current) {
      emitted.current = iso;
      onValue?.(iso);
    }
  };

  const focusPart = (index: number) => {
    const target = Math.max(0, Math.min(order.length - 1, index));
    typed.current = "";
    setActive(target);
    dom(segments.current[target])?.focus();
  };

  /** What a key does to part `index`; false when it is left to the browser (Tab, Enter, shortcuts). */
  const press = (index: number, key: string, shortcut = false): boolean => {
    const part = order[index]!;
    const [low, high] = boundsOf(part, parts);
    const current = parts[part];
    const set = (v: number | null) => commit({ ...parts, [part]: v });
    const step = (by: number) => {
      if (current === null) return set(todayParts()[part]);
      const span = high - low + 1;
      set(((current - low + by) % span + span) % span + low);
    };
    const digit = typedDigit(key);
    let handled = true;
    if (digit !== null) {
      const text = typed.current + String(digit);
      const number = Number(text);
      const width = part === "year" ? 4 : 2;
      if (text.length >= width || (part !== "year" && number * 10 > high)) {
        // The part is full (or no further digit could fit): keep it and move on, as the native field does.
        set(part === "year" ? number : Math.min(Math.max(number, low), high));
        if (index < order.length - 1) focusPart(index + 1);
        else typed.current = "";
      } else {
        typed.current = text;
        set(number === 0 && part !== "year" ? null : number);
      }
    } else if (key === "ArrowUp") step(1);
    else if (key === "ArrowDown") step(-1);
    else if (key === "PageUp") step(part === "year" ? 10 : part === "month" ? 3 : 7);
    else if (key === "PageDown") step(part === "year" ? -10 : part === "month" ? -3 : -7);
    else if (key === "Home") set(low);
    else if (key === "End") set(high);
    else if (key === "Backspace" || key === "Delete") {
      typed.current = "";
      if (current !== null) set(null);
      else if (key === "Backspace" && index > 0) focusPart(index - 1);
    } else if (key === "ArrowLeft") focusPart(rtl ? index + 1 : index - 1);
    else if (key === "ArrowRight") focusPart(rtl ? index - 1 : index + 1);
    else if (key === "/" || key === "-" || key === "." || key === "Enter") {
      if (key === "Enter") handled = false; // a form still submits on Enter
      else if (index < order.length - 1) focusPart(index + 1);
    } else handled = key.length === 1 && !shortcut; // other characters type nothing
    return handled;
  };

  const onKey = (index: number) => (event: KeyboardEvent<HTMLSpanElement>) => {
    if (!disabled && press(index, event.key, event.ctrlKey || event.metaKey || event.altKey)) event.preventDefault();
  };

  // Phones' on-screen keyboards send no key with the digit (Android: "Unidentified"), only the text it would insert:
  // the parts are editable for that (the keyboard opens), and the text becomes a key press here, never content.
  const typing = useRef(press);
  typing.current = press;
  useEffect(() => {
    const off = segments.current.map((element, index) => {
      const input = (event: Event) => {
        const { inputType, data } = event as unknown as { inputType: string; data: string | null };
        event.preventDefault();
        if (inputType.startsWith("delete")) typing.current(index, "Backspace");
        else if (data) typing.current(index, [...data].find((c) => typedDigit(c) !== null) ?? "");
      };
      dom(element)?.addEventListener("beforeinput", input);
      return () => dom(element)?.removeEventListener("beforeinput", input);
    });
    return () => off.forEach((remove) => remove());
  }, [order.length]);

  const pick = (iso: string) => {
    commit(partsOf(iso));
    setOpen(false);
    dom(button.current)?.focus();
  };

  return (
    <div className={`relative ${className}`} data-date-field="">
      <div
        role="group"
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid={testId ? `${testId}-field` : undefined}
        data-disabled={disabled ? "" : undefined}
        className={[
          "flex min-h-10 w-full items-center gap-1 rounded-[var(--radius-control)] border bg-[var(--surface)] ps-4 pe-1 py-1 text-[var(--text)]",
          "focus-within:outline-2 focus-within:outline-primary-500/40 focus-within:border-primary-500 data-disabled:opacity-60",
          invalid ? "border-error-600" : "border-[var(--border)]",
        ].join(" ")}
        onClick={(event) => {
          // A click on the box (not on a part or the button) starts at the first empty part, as a label click would.
          if (event.target === event.currentTarget) focusPart(Math.max(0, order.findIndex((p) => parts[p] === null)));
        }}
      >
        <span className="flex items-center tabular-nums" data-date-parts="">
          {order.map((part, index) => {
            const v = parts[part];
            const [low, high] = boundsOf(part, parts);
            return (
              <span key={part} className="flex items-center">
                {index > 0 && <span aria-hidden="true" className="muted px-0.5">/</span>}
                <span
                  ref={(el) => { segments.current[index] = el; }}
                  role="spinbutton"
                  tabIndex={disabled ? -1 : index === active ? 0 : -1}
                  aria-label={t(PART_LABEL[part])}
                  aria-valuenow={v ?? undefined}
                  aria-valuemin={low}
                  aria-valuemax={high}
                  aria-valuetext={v === null ? t("ui.date.empty") : digitsOf(part, v, locale)}
                  aria-required={required || undefined}
                  aria-invalid={invalid || undefined}
                  aria-disabled={disabled || undefined}
                  contentEditable={live && !disabled}
                  suppressContentEditableWarning
                  spellCheck={false}
                  autoCorrect="off"
                  inputMode="numeric"
                  enterKeyHint={index < order.length - 1 ? "next" : "done"}
                  data-part={part}
                  // Named, so the focus comes back to this part when the island takes over a drawn view (edge-view-mount).
                  data-testid={testId ? `${testId}-${part}` : undefined}
                  className={`rounded px-0.5 caret-transparent outline-none focus:bg-primary-500/20 ${v === null ? "muted" : ""}`}
                  onFocus={() => { if (active !== index) { typed.current = ""; setActive(index); } }}
                  onBlur={() => { typed.current = ""; }}
                  onKeyDown={onKey(index)}
                >
                  {v === null ? t(PART_EMPTY[part]) : digitsOf(part, v, locale)}
                </span>
              </span>
            );
          })}
        </span>
        <button
          ref={button}
          type="button"
          className="ms-auto inline-flex size-8 items-center justify-center rounded-full hover:bg-primary-500/10 focus-visible:outline-2 focus-visible:outline-primary-500"
          aria-label={t("ui.date.openCalendar", { field: label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          disabled={disabled}
          onClick={() => setOpen((was) => !was)}
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          <CalendarDays size={18} aria-hidden="true" />
        </button>
      </div>
      {(name !== undefined || testId) && <input type="hidden" name={name} value={isoOf(parts)} data-testid={testId} />}
      {open && (
        <MonthGrid
          id={popupId}
          label={label}
          locale={locale}
          selected={isoOf(parts)}
          min={min}
          max={max}
          onPick={pick}
          onClose={() => { setOpen(false); dom(button.current)?.focus(); }}
          opener={button}
        />
      )}
    </div>
  );
}

const isoOfDate = (date: Date) => date.toISOString().slice(0, 10);
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The first day of a week: Saturday in Iraq (ar, ku), Sunday in the English interface. */
const weekStart = (locale: string) => (locale === "en" ? 0 : 6);

/** A month of days as a grid (WAI-ARIA date picker dialog): arrows move by day and week, PageUp/PageDown by month. */
function MonthGrid({ id, label, locale, selected, min, max, onPick, onClose, opener }: {
  id: string; label: string; locale: string; selected: string; min?: string; max?: string;
  onPick: (iso: string) => void; onClose: () => void; opener: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const rtl = isRtl(locale);
  const start = selected || (min && isoOfDate(new Date()) < min ? min : max && isoOfDate(new Date()) > max ? max : isoOfDate(new Date()));
  const [focused, setFocused] = useState(start);
  const box = useRef<HTMLDivElement>(null);
  const cell = useRef<HTMLButtonElement>(null);

  // Focus goes into the grid on opening and follows the day the keys move to.
  useEffect(() => dom(cell.current)?.focus(), [focused]);
  useEffect(() => {
    // A press outside the calendar (and its button) closes it, as a native picker does.
    const away = (event: Event) => {
      const target = event.target;
      if (!dom(box.current)?.contains(target) && !dom(opener.current)?.contains(target)) onClose();
    };
    const page = dom((globalThis as { document?: unknown }).document);
    page?.addEventListener("pointerdown", away);
    return () => page?.removeEventListener("pointerdown", away);
  }, [onClose, opener]);

  const day = utc(focused);
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth();
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() - weekStart(locale) + 7) % 7;
  const count = daysInMonth(month + 1, year);
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: count }, (_, i) => isoOfDate(new Date(Date.UTC(year, month, i + 1))))];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const outside = (iso: string) => Boolean((min && iso < min) || (max && iso > max));
  const shift = (days: number) => setFocused(isoOfDate(new Date(day.getTime() + days * 86_400_000)));
  const shiftMonth = (by: number) => {
    const target = new Date(Date.UTC(year, month + by, 1));
    const d = Math.min(day.getUTCDate(), daysInMonth(target.getUTCMonth() + 1, target.getUTCFullYear()));
    setFocused(isoOfDate(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d))));
  };
  const weekday = (i: number) => new Date(Date.UTC(2000, 0, 2 + ((weekStart(locale) + i) % 7))); // 2 Jan 2000: a Sunday

  const onKey = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => shift(rtl ? 1 : -1),
      ArrowRight: () => shift(rtl ? -1 : 1),
      ArrowUp: () => shift(-7),
      ArrowDown: () => shift(7),
      PageUp: () => shiftMonth(event.shiftKey ? -12 : -1),
      PageDown: () => shiftMonth(event.shiftKey ? 12 : 1),
      Home: () => shift(-((day.getUTCDay() - weekStart(locale) + 7) % 7)),
      End: () => shift(6 - ((day.getUTCDay() - weekStart(locale) + 7) % 7)),
      Escape: onClose,
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
  };

  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const title = formatDate(first, locale, { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <div
      ref={box}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      className="card absolute start-0 top-full z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] p-3 shadow-lg"
      onKeyDown={onKey}
      data-testid="date-calendar"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <button type="button" className="inline-flex size-8 items-center justify-center rounded-full hover:bg-primary-500/10" aria-label={t("ui.date.previousMonth")} onClick={() => shiftMonth(-1)}>
          <Previous size={18} aria-hidden="true" />
        </button>
        <p className="text-sm font-bold" aria-live="polite" id={`${id}-title`}>{title}</p>
        <button type="button" className="inline-flex size-8 items-center justify-center rounded-full hover:bg-primary-500/10" aria-label={t("ui.date.nextMonth")} onClick={() => shiftMonth(1)}>
          <Next size={18} aria-hidden="true" />
        </button>
      </div>
      <table role="grid" aria-labelledby={`${id}-title`} className="w-full text-center text-sm">
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, i) => (
              <th key={i} scope="col" abbr={formatDate(weekday(i), locale, { weekday: "long", timeZone: "UTC" })} className="muted py-1 font-normal">
                {formatDate(weekday(i), locale, { weekday: "narrow", timeZone: "UTC" })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((iso, i) => (
                <td key={i} role={iso ? "gridcell" : undefined} aria-selected={iso ? iso === selected : undefined} className="p-0.5">
                  {iso && (
                    <button
                      ref={iso === focused ? cell : undefined}
                      type="button"
                      tabIndex={iso === focused ? 0 : -1}
                      // Still focusable (the keys walk through it), but not picked: aria-disabled, not disabled.
                      aria-disabled={outside(iso) || undefined}
                      aria-label={formatDate(utc(iso), locale, { dateStyle: "full", timeZone: "UTC" })}
                      aria-current={iso === isoOfDate(new Date()) ? "date" : undefined}
                      className={`size-8 rounded-full aria-disabled:opacity-40 ${iso === selected ? "bg-primary-600 text-white" : "hover:bg-primary-500/10"} focus-visible:outline-2 focus-visible:outline-primary-500`}
                      onClick={() => { if (!outside(iso)) onPick(iso); }}
                      data-date={iso}
                    >
                      {formatNumber(Number(iso.slice(8)), locale)}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
