/**
 * The balance over time as a step line (the balance holds until the next movement), hand-written SVG: no chart
 * library for one line. Loaded lazily by the statement. Time runs toward the inline end, so in Arabic and Kurdish
 * the newest point is on the left; the numbers are not mirrored. Screen readers get a one-sentence summary.
 */
import { formatDate, formatMoney, isolateAmount } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { BalancePoint } from "./ledger";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, bottom: 28, start: 8, end: 8 };

export interface ChartGeometry {
  path: string;
  area: string;
  dots: { x: number; y: number }[];
  max: number;
  min: number;
}

/**
 * Points → SVG path in a left-to-right box (mirrored for RTL by the caller). The vertical scale runs from a little
 * below the lowest balance (never below zero) to the highest, so a 140.00 order shows on a 2,500.00 balance.
 */
export function chartGeometry(points: readonly BalancePoint[], width = WIDTH, height = HEIGHT): ChartGeometry {
  const highest = Math.max(...points.map((p) => p.balance), 0);
  const lowest = Math.min(...points.map((p) => p.balance), highest);
  const spread = highest - lowest;
  const max = Math.max(1, highest);
  const min = spread === 0 ? 0 : Math.max(0, lowest - spread * 0.25);
  const first = points[0]?.at ?? 0;
  const last = points[points.length - 1]?.at ?? first;
  const span = Math.max(1, last - first);
  const plotW = width - PAD.start - PAD.end;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (at: number) => PAD.start + (points.length === 1 ? plotW : ((at - first) / span) * plotW);
  const y = (balance: number) => PAD.top + plotH - ((balance - min) / (max - min)) * plotH;
  const dots = points.map((p) => ({ x: x(p.at), y: y(p.balance) }));
  let path = "";
  dots.forEach((dot, i) => {
    if (i === 0) path = `M${dot.x.toFixed(1)},${dot.y.toFixed(1)}`;
    else path += ` H${dot.x.toFixed(1)} V${dot.y.toFixed(1)}`;
  });
  const base = (PAD.top + plotH).toFixed(1);
  const area = dots.length ? `${path} V${base} H${dots[0]!.x.toFixed(1)} Z` : "";
  return { path, area, dots, max, min };
}

export interface BalanceChartProps {
  points: BalancePoint[];
  currency: string;
  locale: string;
  rtl: boolean;
  /** Dates in this zone (the edge draws in the reader's); the browser's when unset. */
  timeZone?: string;
}

export default function BalanceChart({ points, currency, locale, rtl, timeZone }: BalanceChartProps) {
  const t = useT();
  if (points.length === 0) return <p className="muted text-sm py-8 text-center" data-testid="chart-empty">{t("wallet.chart.empty")}</p>;
  const geometry = chartGeometry(points);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  // An amount keeps its own left-to-right order inside right-to-left text ("US$ 2,620.50", not "$US 2,620.50").
  const money = (minor: number) => isolateAmount(formatMoney(minor, currency, locale));
  const date = (at: number) => formatDate(at, locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) });
  const summary = t("wallet.chart.summary", {
    from: date(first.at),
    to: date(last.at),
    start: money(first.balance),
    end: money(last.balance),
    max: money(Math.max(...points.map((p) => p.balance))),
  });
  const mirror = rtl ? `translate(${WIDTH} 0) scale(-1 1)` : undefined;
  const plotBottom = HEIGHT - PAD.bottom;
  return (
    <figure className="flex flex-col gap-2" data-testid="balance-chart" data-points={points.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={summary}>
        <line x1={PAD.start} x2={WIDTH - PAD.end} y1={plotBottom} y2={plotBottom} stroke="var(--border)" />
        <line x1={PAD.start} x2={WIDTH - PAD.end} y1={PAD.top} y2={PAD.top} stroke="var(--border)" strokeDasharray="4 4" />
        <g transform={mirror}>
          <path d={geometry.area} fill="var(--color-primary-500)" fillOpacity="0.14" />
          <path d={geometry.path} fill="none" stroke="var(--color-primary-600)" strokeWidth="2.5" strokeLinejoin="round" data-testid="chart-line" />
          {geometry.dots.map((dot, i) => (
            <circle key={i} cx={dot.x} cy={dot.y} r="3" fill="var(--color-primary-600)" />
          ))}
        </g>
        {/* Labels are laid out in the page's direction: the start date at the inline start. */}
        <text x={rtl ? WIDTH - PAD.end : PAD.start} y={HEIGHT - 8} textAnchor="start" direction={rtl ? "rtl" : "ltr"} fontSize="12" fill="var(--text-muted)">
          {date(first.at)}
        </text>
        <text x={rtl ? PAD.start : WIDTH - PAD.end} y={HEIGHT - 8} textAnchor="end" direction={rtl ? "rtl" : "ltr"} fontSize="12" fill="var(--text-muted)">
          {date(last.at)}
        </text>
        <text x={rtl ? WIDTH - PAD.end : PAD.start} y={PAD.top - 4} textAnchor="start" direction={rtl ? "rtl" : "ltr"} fontSize="12" fill="var(--text-muted)">
          {money(geometry.max)}
        </text>
        <text x={rtl ? WIDTH - PAD.end : PAD.start} y={plotBottom - 6} textAnchor="start" direction={rtl ? "rtl" : "ltr"} fontSize="12" fill="var(--text-muted)">
          {money(geometry.min)}
        </text>
      </svg>
      <figcaption className="muted text-xs">{t("wallet.chart.caption", { count: points.length })}</figcaption>
    </figure>
  );
}
