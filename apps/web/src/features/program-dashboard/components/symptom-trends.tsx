import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { LineChart } from "@mui/x-charts/LineChart";
import { maxSymptomGrade, messages, symptomGradeLabels } from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { Loading } from "../../../components/loading";
import { NoData, WidgetCard } from "../../../components/widget-card";
import { type DashboardQuery, type FigureRequest, useSymptomTrends } from "../api";
import { FigurePatientsButton } from "./figure-patients-dialog";
import { axisKeys, dayChartAxis, dayColumn, dayLine } from "./format";

/** Average grade per day of one symptom across the program, with a picker of the symptoms logged. */
export const SymptomTrends = ({
  programId,
  query,
  symptoms,
  logTypeId,
  onLogTypeId,
  onShowPatients,
}: {
  programId: string;
  query: DashboardQuery;
  /** The symptoms logged in the range, most logged first. */
  symptoms: readonly { logTypeId: string; name: string }[];
  logTypeId: string | null;
  onLogTypeId: (logTypeId: string) => void;
  onShowPatients?: (figure: FigureRequest) => void;
}) => {
  const chosen = symptoms.find((s) => s.logTypeId === logTypeId) ?? symptoms[0] ?? null;
  const trend = useSymptomTrends(programId, query, chosen?.logTypeId ?? null);
  const data = trend.data;
  const keys = data ? axisKeys(query.axis, query, Object.keys(data.daysGradesAvg)) : [];
  const rows = keys.filter((k) => data?.daysGradesAvg[k] !== undefined);
  return (
    <WidgetCard
      wrap
      title="Symptom Trends"
      actions={
        chosen ? (
          <>
            <TextField
              select
              size="small"
              label="Symptom"
              value={chosen.logTypeId}
              onChange={(event) => onLogTypeId(event.target.value)}
              sx={{ minWidth: 180 }}
            >
              {symptoms.map((s) => (
                <MenuItem key={s.logTypeId} value={s.logTypeId}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            {onShowPatients ? (
              <FigurePatientsButton
                figure={{ figure: "symptom", logTypeId: chosen.logTypeId, title: `Patients who logged ${chosen.name}` }}
                onShowPatients={onShowPatients}
              >
                Patients
              </FigurePatientsButton>
            ) : null}
          </>
        ) : null
      }
    >
      {!chosen ? (
        <NoData>{messages.noSymptomLogs}</NoData>
      ) : trend.isPending ? (
        <Loading />
      ) : !data || rows.length === 0 ? (
        <NoData>{messages.noSymptomLogs}</NoData>
      ) : (
        <>
          <ChartFrame>
            <LineChart
              height={260}
              {...framedChart}
              hideLegend
              xAxis={[dayChartAxis(query.axis, keys)]}
              yAxis={[{ min: 0, max: maxSymptomGrade, tickInterval: [0, 1, 2, 3, 4], label: "Average grade" }]}
              series={[
                dayLine({
                  showMark: keys.length <= 60,
                  data: keys.map((k) => data.daysGradesAvg[k] ?? null),
                  label: `${data.logType.name}, average grade`,
                }),
              ]}
            />
          </ChartFrame>
          <DataTable
            hidden
            caption={`${data.logType.name}: average grade per ${query.axis === "date" ? "day" : "day of involvement"}`}
            columns={[
              dayColumn(query.axis),
              {
                header: "Average grade",
                cell: (k: string) => {
                  const avg = data.daysGradesAvg[k] ?? 0;
                  return `${avg.toFixed(2)} (${symptomGradeLabels[Math.round(avg)]})`;
                },
              },
              { header: "Logs", cell: (k: string) => String(data.daysCounts[k] ?? 0) },
            ]}
            rows={rows}
            rowKey={(k) => k}
          />
        </>
      )}
    </WidgetCard>
  );
};
