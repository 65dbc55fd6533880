import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { messages, type ParticipantReport } from "@openpro/core";
import { DataTable } from "../../../components/data-table";
import { formatDay, formatNumber } from "../format";
import { logMomentColumns, ReportLineChart } from "./log-chart";
import { NoData, WidgetCard } from "./widget-card";

type Weights = ParticipantReport["weights"];

/** Change between the first and the last day's average weight. */
export const weightTrend = (weights: Weights): string | null => {
  const days = weights.dayAvg;
  if (days.length < 2) return null;
  const first = days[0]!;
  const last = days.at(-1)!;
  const diff = Math.round((last.avg - first.avg) * 10) / 10;
  if (diff === 0) return `No change since ${formatDay(first.date)}`;
  return `${diff > 0 ? "+" : "−"}${formatNumber(Math.abs(diff))} kg since ${formatDay(first.date)}`;
};

export const WeightChart = ({ weights, height = 220 }: { weights: Weights; height?: number }) => (
  <>
    <ReportLineChart
      height={height}
      xLabels={weights.dayAvg.map((d) => formatDay(d.date))}
      values={weights.dayAvg.map((d) => d.avg)}
      seriesLabel="Average weight (kg)"
      yAxis={{ label: "kg" }}
    />
    <DataTable
      hidden
      caption="Average weight per day"
      columns={[
        { header: "Day", cell: (d) => formatDay(d.date) },
        { header: "Weight (kg)", cell: (d) => formatNumber(d.avg), align: "right" },
      ]}
      rows={weights.dayAvg}
      rowKey={(d) => d.date}
    />
  </>
);

export const WeightTimeline = ({ weights, limit }: { weights: Weights; limit?: number }) => {
  const items = [...weights.items].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  return (
    <DataTable
      caption="Weight timeline"
      columns={[
        ...logMomentColumns,
        { header: "Weight (kg)", cell: (i) => formatNumber(i.data.value ?? 0), align: "right" },
      ]}
      rows={items}
      rowKey={(i) => i.logId}
    />
  );
};

export const WeightWidget = ({ weights, seeMoreTo }: { weights: Weights; seeMoreTo?: string }) => {
  const trend = weightTrend(weights);
  return (
    <WidgetCard title="Weight" seeMoreTo={seeMoreTo}>
      {weights.count === 0 ? (
        <NoData>{messages.noWeightLogs}</NoData>
      ) : (
        <>
          <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
            <Typography>
              Average: <strong>{weights.avg === null ? "–" : `${formatNumber(weights.avg)} kg`}</strong>
            </Typography>
            {trend ? <Typography>Trend: {trend}</Typography> : null}
          </Box>
          <WeightChart weights={weights} />
          <Typography variant="h4" component="h4" sx={{ mt: 1, fontSize: "1rem" }}>
            Weight timeline
          </Typography>
          <WeightTimeline weights={weights} limit={5} />
        </>
      )}
    </WidgetCard>
  );
};
