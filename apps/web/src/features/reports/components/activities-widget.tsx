import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import type { ParticipantReport } from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { formatCompact, formatCount } from "../../../lib/format";
import { formatDay, formatNumber } from "../format";
import { NoData, WidgetCard } from "./widget-card";

/** The five activities logged most. */
export const ActivitiesWidget = ({
  activities,
  totals,
}: {
  activities: ParticipantReport["activities"];
  totals: ParticipantReport["activitiesTotal"];
}) => {
  const top = [...activities].sort((a, b) => b.count - a.count).slice(0, 5);
  return (
    <WidgetCard title="Activities">
      {top.length === 0 ? (
        <NoData>There are no activity logs in the selected time frame</NoData>
      ) : (
        <>
          <Typography>
            Total: <strong>{formatCount(totals.total)}</strong> · daily average{" "}
            <strong>{formatNumber(totals.dailyAvg)}</strong>
          </Typography>
          <DataTable
            caption="Activities logged most"
            columns={[
              { header: "Activity", cell: (a) => a.activityType },
              { header: "Logs", cell: (a) => formatCount(a.count), align: "right" },
              { header: "Minutes", cell: (a) => formatNumber(a.totalMinutes, 0), align: "right" },
            ]}
            rows={top}
            rowKey={(a) => a.activityType}
          />
        </>
      )}
    </WidgetCard>
  );
};

export const StepsWidget = ({
  steps,
  totals,
}: {
  steps: ParticipantReport["steps"];
  totals: ParticipantReport["stepsTotal"];
}) => (
  <WidgetCard title="Steps">
    {steps.length === 0 ? (
      <NoData>There are no step logs in the selected time frame</NoData>
    ) : (
      <Box>
        <Typography>
          Total: <strong>{formatCount(totals.total)}</strong> · daily average{" "}
          <strong>{formatCount(totals.dailyAvg)}</strong>
        </Typography>
        <ChartFrame>
          <BarChart
            height={200}
            {...framedChart}
            hideLegend
            xAxis={[{ data: steps.map((s) => formatDay(s.date)), scaleType: "band" }]}
            // "10K", not "10,000" cut to "10,0…" by the axis margin.
            yAxis={[{ valueFormatter: (value: number) => formatCompact(value) }]}
            series={[{ data: steps.map((s) => s.total), label: "Steps", valueFormatter: (v) => formatCount(v ?? 0) }]}
          />
        </ChartFrame>
        <DataTable
          hidden
          caption="Steps per day"
          columns={[
            { header: "Day", cell: (s) => formatDay(s.date) },
            { header: "Steps", cell: (s) => formatCount(s.total), align: "right" },
          ]}
          rows={steps}
          rowKey={(s) => s.date}
        />
      </Box>
    )}
  </WidgetCard>
);
