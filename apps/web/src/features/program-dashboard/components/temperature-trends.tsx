import Box from "@mui/material/Box";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { LineChart } from "@mui/x-charts/LineChart";
import { messages, type TemperatureTrends as Trends, temperatureBands } from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { Loading } from "../../../components/loading";
import { NoData, WidgetCard } from "../../../components/widget-card";
import type { DashboardQuery, FigureRequest } from "../api";
import { FigurePatientsButton } from "./figure-patients-dialog";
import { axisKeys, dayChartAxis, dayColumn, dayLine } from "./format";

const one = (v: number) => v.toFixed(1);

/** Mean temperature per day across the program, one standard deviation either side, and the normal band. */
export const TemperatureTrends = ({
  query,
  trends,
  loading,
  onShowPatients,
}: {
  query: DashboardQuery;
  trends: Trends | undefined;
  loading: boolean;
  onShowPatients?: (figure: FigureRequest) => void;
}) => {
  const days = trends?.days ?? {};
  const keys = axisKeys(query.axis, query, Object.keys(days));
  const rows = keys.filter((k) => days[k] !== undefined);
  const values = rows.flatMap((k) => [days[k]!.mean - days[k]!.stDev, days[k]!.mean + days[k]!.stDev]);
  const min = Math.min(temperatureBands.chartMin, ...values);
  const max = Math.max(temperatureBands.chartMax, ...values);
  const series = (value: (d: { mean: number; stDev: number }) => number) =>
    keys.map((k) => (days[k] ? Math.round(value(days[k]!) * 100) / 100 : null));
  return (
    <WidgetCard
      wrap
      title="Temperature trends"
      actions={
        trends && onShowPatients ? (
          <>
            <FigurePatientsButton
              disabled={trends.highReadings === 0}
              figure={{ figure: "highTemperature", title: "Patients with a high temperature" }}
              onShowPatients={onShowPatients}
            >
              High: {trends.highReadings} {trends.highReadings === 1 ? "reading" : "readings"}
            </FigurePatientsButton>
            <FigurePatientsButton
              disabled={trends.lowReadings === 0}
              figure={{ figure: "lowTemperature", title: "Patients with a low temperature" }}
              onShowPatients={onShowPatients}
            >
              Low: {trends.lowReadings} {trends.lowReadings === 1 ? "reading" : "readings"}
            </FigurePatientsButton>
          </>
        ) : null
      }
    >
      {loading && !trends ? (
        <Loading />
      ) : rows.length === 0 || !trends ? (
        <NoData>{messages.noTemperatureLogs}</NoData>
      ) : (
        <>
          <ChartFrame>
            <LineChart
              height={260}
              {...framedChart}
              xAxis={[dayChartAxis(query.axis, keys)]}
              yAxis={[{ min, max, valueFormatter: (v: number) => v.toFixed(1), label: "°C" }]}
              series={[
                dayLine({ showMark: false, data: series((d) => d.mean), label: "Mean" }),
                dayLine({ showMark: false, data: series((d) => d.mean + d.stDev), label: "Mean + 1 SD" }),
                dayLine({ showMark: false, data: series((d) => d.mean - d.stDev), label: "Mean − 1 SD" }),
              ]}
            >
              <ChartsReferenceLine y={trends.normalMax} label="High" lineStyle={{ strokeDasharray: "4 2" }} />
              <ChartsReferenceLine y={trends.normalMin} label="Low" lineStyle={{ strokeDasharray: "4 2" }} />
            </LineChart>
          </ChartFrame>
          <Box component="p" sx={{ color: "text.secondary", m: 0 }}>
            Normal band: above {one(trends.normalMin)} °C up to {one(trends.normalMax)} °C.
          </Box>
          <DataTable
            hidden
            caption={`Temperature per ${query.axis === "date" ? "day" : "day of involvement"}: mean and standard deviation`}
            columns={[
              dayColumn(query.axis),
              { header: "Mean (°C)", cell: (k: string) => one(days[k]!.mean) },
              { header: "Standard deviation (°C)", cell: (k: string) => days[k]!.stDev.toFixed(2) },
              { header: "Logs", cell: (k: string) => String(days[k]!.count) },
            ]}
            rows={rows}
            rowKey={(k) => k}
          />
        </>
      )}
    </WidgetCard>
  );
};
