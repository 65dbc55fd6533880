import Chip from "@mui/material/Chip";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { type LogItem, messages, temperatureBand, temperatureBands } from "@openpro/core";
import { DataTable } from "../../../components/data-table";
import { logMoment, logMomentColumns, ReportLineChart } from "./log-chart";
import { NoData, WidgetCard } from "./widget-card";

/** Ticks every 0.5 °C (the spec's step) inside the axis range. */
const ticksBetween = (min: number, max: number): number[] => {
  const ticks: number[] = [];
  for (
    let t = Math.ceil(min / temperatureBands.chartStep) * temperatureBands.chartStep;
    t <= max + 1e-9;
    t += temperatureBands.chartStep
  ) {
    ticks.push(Math.round(t * 10) / 10);
  }
  return ticks;
};

const bandLabel = { high: "High", low: "Low", normal: "Normal" } as const;
const bandColor = { high: "error", low: "info", normal: "success" } as const;

const sorted = (items: readonly LogItem[]) => [...items].sort((a, b) => a.date.localeCompare(b.date));

export const TemperatureChart = ({
  temperatures,
  height = 240,
}: {
  temperatures: readonly LogItem[];
  height?: number;
}) => {
  const items = sorted(temperatures);
  const values = items.map((i) => i.data.value ?? null);
  const highest = Math.max(temperatureBands.chartMax, ...values.filter((v): v is number => v !== null));
  const lowest = Math.min(temperatureBands.chartMin, ...values.filter((v): v is number => v !== null));
  return (
    <ReportLineChart
      height={height}
      xLabels={items.map(logMoment)}
      values={values}
      // A line needs two points: a lone reading is drawn as its mark (with no marks it drew nothing).
      showMark={values.length <= 31}
      seriesLabel="Temperature (°C)"
      yAxis={{
        min: lowest,
        max: highest,
        tickInterval: ticksBetween(lowest, highest),
        valueFormatter: (v: number) => v.toFixed(1),
        label: "°C",
      }}
    >
      <ChartsReferenceLine y={temperatureBands.high} label="High" lineStyle={{ strokeDasharray: "4 2" }} />
      <ChartsReferenceLine y={temperatureBands.low} label="Low" lineStyle={{ strokeDasharray: "4 2" }} />
    </ReportLineChart>
  );
};

/** Day, Time, Temperature; newest first; high (> 37.5) and low (≤ 36) marked in words, not colour only. */
export const TemperatureTable = ({
  temperatures,
  limit,
  hidden = false,
}: {
  temperatures: readonly LogItem[];
  limit?: number;
  hidden?: boolean;
}) => (
  <DataTable
    hidden={hidden}
    caption="Temperature timeline"
    columns={[
      ...logMomentColumns,
      {
        header: "Temperature",
        cell: (i) => {
          const value = i.data.value ?? 0;
          const band = temperatureBand(value);
          return (
            <>
              {`${value.toFixed(1)} °C`}
              {band === "normal" ? null : (
                <Chip size="small" sx={{ ml: 1 }} color={bandColor[band]} label={bandLabel[band]} />
              )}
            </>
          );
        },
      },
    ]}
    rows={sorted(temperatures).reverse().slice(0, limit)}
    rowKey={(i) => i.logId}
  />
);

export const TemperatureWidget = ({
  temperatures,
  seeMoreTo,
}: {
  temperatures: readonly LogItem[];
  seeMoreTo?: string;
}) => (
  <WidgetCard title="Temperature" seeMoreTo={seeMoreTo}>
    {temperatures.length === 0 ? (
      <NoData>{messages.noTemperatureLogs}</NoData>
    ) : (
      <>
        <TemperatureChart temperatures={temperatures} />
        <TemperatureTable temperatures={temperatures} hidden />
      </>
    )}
  </WidgetCard>
);
