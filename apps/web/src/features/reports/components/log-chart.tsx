import { LineChart } from "@mui/x-charts/LineChart";
import type { LogItem } from "@openpro/core";
import type { ReactNode } from "react";
import { ChartFrame, type DataColumn, framedChart } from "../../../components/data-table";
import { formatDay, formatTime } from "../format";

/** When a log was made, "12 Mar 08:30": the day is the patient's own where the log says it. */
export const logMoment = (item: LogItem) => `${formatDay(item.localDate || item.date)} ${formatTime(item.date)}`;

/** The Day and Time columns of a table of logs. */
export const logMomentColumns: readonly DataColumn<LogItem>[] = [
  { header: "Day", cell: (i) => formatDay(i.localDate || i.date) },
  { header: "Time", cell: (i) => formatTime(i.date) },
];

/**
 * One measure over time as the report draws it: a line through points spaced evenly on the x-axis, no legend, no
 * animation, hidden from assistive technology (a table beside it says the same); `children` draws over it
 * (reference lines).
 */
export const ReportLineChart = ({
  height,
  xLabels,
  values,
  seriesLabel,
  yAxis,
  showMark,
  children,
}: {
  height: number;
  xLabels: readonly string[];
  values: readonly (number | null)[];
  seriesLabel: string;
  yAxis: {
    label: string;
    min?: number;
    max?: number;
    tickInterval?: number[];
    valueFormatter?: (value: number) => string;
  };
  showMark?: boolean;
  children?: ReactNode;
}) => (
  <ChartFrame>
    <LineChart
      height={height}
      {...framedChart}
      hideLegend
      xAxis={[{ data: [...xLabels], scaleType: "point" }]}
      yAxis={[yAxis]}
      series={[
        { curve: "linear", data: [...values], label: seriesLabel, ...(showMark === undefined ? {} : { showMark }) },
      ]}
    >
      {children}
    </LineChart>
  </ChartFrame>
);
