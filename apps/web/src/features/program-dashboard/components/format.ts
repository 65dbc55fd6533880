import { type DashboardAxis, dashboardAxisLabel, datesBetween, sortAxisKeys } from "@openpro/core";

export { formatDay } from "../../../lib/format";

/**
 * The x axis of a day series: every date of the range (gaps stay gaps), or every involvement day
 * from the first to the last with data.
 */
export const axisKeys = (axis: DashboardAxis, range: { startDate: string; endDate: string }, keys: string[]) => {
  if (axis === "date") return datesBetween(range.startDate, range.endDate);
  const days = sortAxisKeys(axis, keys).map(Number);
  if (days.length === 0) return [];
  const out: string[] = [];
  for (let d = days[0]!; d <= days[days.length - 1]!; d++) out.push(String(d));
  return out;
};

export const axisLabel = (axis: DashboardAxis, key: string) => dashboardAxisLabel(axis, key);
export const axisTitle = (axis: DashboardAxis) => (axis === "date" ? "Date" : "Day of involvement");

/** A day series' x axis for a line chart: its keys as points, labelled and titled by the axis. */
export const dayChartAxis = (axis: DashboardAxis, keys: string[]) => ({
  data: keys,
  scaleType: "point" as const,
  valueFormatter: (key: string) => axisLabel(axis, key),
  label: axisTitle(axis),
});

/** The first column of a day series' hidden table: the day, as the axis names it. */
export const dayColumn = (axis: DashboardAxis) => ({
  header: axisTitle(axis),
  cell: (key: string) => axisLabel(axis, key),
});

/** One line of a day series: straight segments, bridging the days with no data. */
export const dayLine = (line: { data: (number | null)[]; label: string; showMark: boolean }) => ({
  curve: "linear" as const,
  connectNulls: true,
  ...line,
});
