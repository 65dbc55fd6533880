import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import type { ReportingTrend as Trend } from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { NoData, WidgetCard } from "../../../components/widget-card";
import { formatDay } from "./format";

type Week = Trend["weeks"][number];
const rate = (value: number | null) => (value === null ? "—" : `${value}%`);
const weekOf = (w: Week) => `w/c ${formatDay(w.from)}`;

/**
 * Are patients still reporting? The program's patients gone quiet (the worklist's count, a link
 * to it) beside the weekly share of days with a log and of questionnaires answered, the last
 * weeks in the clinic's days.
 */
export const ReportingTrend = ({
  programId,
  trend,
  loading,
}: {
  programId: string;
  trend: Trend | undefined;
  loading: boolean;
}) => {
  const weeks = trend?.weeks ?? [];
  const counted = weeks.some((w) => w.patients > 0);
  return (
    <WidgetCard
      wrap
      title="Reporting"
      actions={
        trend ? (
          <Link component={RouterLink} to={`/worklist?projectId=${programId}`}>
            {`${trend.quiet} ${trend.quiet === 1 ? "patient" : "patients"} gone quiet`}
          </Link>
        ) : null
      }
    >
      {loading && !trend ? (
        <Loading />
      ) : !counted ? (
        <NoData>No patient took part in the last weeks.</NoData>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {`Each of the last ${weeks.length} weeks: the share of days patients logged, and of questionnaires answered, from consent to withdrawal.`}
          </Typography>
          <ChartFrame>
            <LineChart
              height={240}
              {...framedChart}
              xAxis={[{ data: weeks.map(weekOf), scaleType: "point" }]}
              yAxis={[{ min: 0, max: 100, label: "%" }]}
              series={[
                { curve: "linear", data: weeks.map((w) => w.loggingRate), label: "Days logged", color: "#2457a6" },
                {
                  curve: "linear",
                  data: weeks.map((w) => w.completionRate),
                  label: "Questionnaires answered",
                  color: "#2e7d32",
                },
              ]}
            />
          </ChartFrame>
          <DataTable
            caption="Reporting by week"
            columns={[
              { header: "Week", cell: (w: Week) => weekOf(w) },
              { header: "Patients", cell: (w) => String(w.patients) },
              { header: "Days logged", cell: (w) => `${w.loggedDays} of ${w.patientDays}` },
              { header: "Logging rate", cell: (w) => rate(w.loggingRate) },
              {
                header: "Questionnaires answered",
                cell: (w) => `${w.questionnairesCompleted} of ${w.questionnairesDue}`,
              },
              { header: "Completion rate", cell: (w) => rate(w.completionRate) },
            ]}
            rows={weeks}
            rowKey={(w) => w.from}
          />
        </>
      )}
    </WidgetCard>
  );
};
