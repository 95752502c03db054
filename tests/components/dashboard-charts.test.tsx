import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import DashboardCharts from "../../src/admin/dashboard/DashboardCharts";
import type { Dashboard } from "../../src/contract/agents";
import type { Locale } from "../../src/shared/locales";
import { usePageMessages } from "./page-messages";

afterEach(() => cleanup());

// Three days, oldest first, as the API sends them; the busiest day is the middle one.
const data: Dashboard = {
  currency: "USD",
  openByStatus: {},
  filedToday: 0,
  revenueToday: 0,
  revenueMonth: 0,
  pendingApprovals: 0,
  lowBalance: 0,
  perDay: [
    { day: "2026-11-26", byStatus: { pending: 1 } },
    { day: "2026-11-27", byStatus: { pending: 2, approved: 3 } },
    { day: "2026-11-28", byStatus: { approved: 2 } },
  ],
  revenuePerDay: [
    { day: "2026-11-26", amount: 1000 },
    { day: "2026-11-27", amount: 0 },
    { day: "2026-11-28", amount: 5000 },
  ],
  topVisas: [
    { _id: "v1", title: "Turkey tourist", count: 4 },
    { _id: "v2", title: "UAE 30 days", count: 2 },
  ],
};

function renderCharts(locale: Locale) {
  usePageMessages(locale, "admin/index", "view:admin-dashboard");
  render(<DashboardCharts data={data} locale={locale} />);
  const [requests, revenue] = screen.getAllByTestId("day-bars");
  return { requests: requests!, revenue: revenue! };
}

/** Each day's bar's left edge in the chart's own coordinates, by day. */
const barX = (chart: Element) =>
  Object.fromEntries([...chart.querySelectorAll("a[data-day]")].map((a) => [a.getAttribute("data-day"), Number(a.querySelector("rect")!.getAttribute("x"))]));

describe("dashboard day charts", () => {
  it("run left to right in English: the oldest day at the left, labelled first", () => {
    const { requests, revenue } = renderCharts("en");
    for (const chart of [requests, revenue]) {
      const x = barX(chart);
      expect(x["2026-11-26"]).toBeLessThan(x["2026-11-27"]!);
      expect(x["2026-11-27"]).toBeLessThan(x["2026-11-28"]!);
    }
    const [range] = screen.getAllByTestId("day-range");
    expect([...range!.querySelectorAll("span")].map((s) => s.textContent)).toEqual(["Nov 26, 2026", "Nov 28, 2026"]);
    // Each bar names its day and value in words a reader knows, and opens that day's list.
    const busiest = requests.querySelector('a[data-day="2026-11-27"]')!;
    expect(busiest.querySelector("title")!.textContent).toBe("Nov 27, 2026: 5");
    expect(busiest.getAttribute("href")).toBe("/en/admin/requests-list/?from=2026-11-27&to=2026-11-27");
    expect(revenue.querySelector('a[data-day="2026-11-28"] title')!.textContent).toBe("Nov 28, 2026: $50.00");
  });

  for (const locale of ["ar", "ku"] as const) {
    it(`are mirrored in ${locale}: the oldest day at the right, bars of the top visas grow from the right`, () => {
      const { requests, revenue } = renderCharts(locale);
      for (const chart of [requests, revenue]) {
        const x = barX(chart);
        expect(x["2026-11-26"]).toBeGreaterThan(x["2026-11-27"]!);
        expect(x["2026-11-27"]).toBeGreaterThan(x["2026-11-28"]!);
      }
      // Day names in the page's language with Arabic-Indic digits, never the raw ISO date.
      const title = requests.querySelector('a[data-day="2026-11-27"] title')!.textContent!;
      expect(title).not.toContain("2026");
      expect(title).toMatch(/[٠-٩]/);
      expect(title.endsWith("٥")).toBe(true);
      const [range] = screen.getAllByTestId("day-range");
      const labels = [...range!.querySelectorAll("span")].map((s) => s.textContent!);
      expect(labels).toHaveLength(2);
      expect(labels[0]).toMatch(/٢٦/);
      expect(labels[1]).toMatch(/٢٨/);
      // The top visa's bar (the longest) ends at the right edge, the shorter one starts halfway.
      const rect = screen.getByRole("link", { name: /Turkey tourist/ }).querySelector("rect")!;
      expect(Number(rect.getAttribute("x"))).toBe(0);
      expect(Number(rect.getAttribute("width"))).toBe(100);
      const second = screen.getByRole("link", { name: /UAE 30 days/ }).querySelector("rect")!;
      expect(Number(second.getAttribute("x"))).toBe(50);
      expect(Number(second.getAttribute("width"))).toBe(50);
    });
  }
});
