import { BarChart } from "@mui/x-charts/BarChart";
import {
  type QuestionnaireCompletion as Completion,
  type DashboardAxis,
  messages,
  type QuestionnaireWeek,
} from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { Loading } from "../../../components/loading";
import { NoData, WidgetCard } from "../../../components/widget-card";
import { formatDay } from "./format";

/** A week as the reader names it: "w/c 02/03/2026" (week commencing), or "Week 3" of involvement. */
export const weekLabel = (axis: DashboardAxis, key: string) =>
  axis === "date" ? `w/c ${formatDay(key)}` : `Week ${key}`;

const rateText = (week: QuestionnaireWeek) => (week.rate === null ? "—" : `${week.rate}%`);

/**
 * Questionnaires that fell due per week across the program: completed, partly answered, missed
 * and still open stacked, and the completion rate (of those whose window has closed) in the table.
 */
export const QuestionnaireCompletion = ({
  completion,
  loading,
}: {
  completion: Completion | undefined;
  loading: boolean;
}) => {
  const weeks = completion?.weeks ?? [];
  const axis = completion?.axis ?? "date";
  const labels = weeks.map((w) => weekLabel(axis, w.key));
  return (
    <WidgetCard wrap title="Questionnaire completion">
      {loading && !completion ? (
        <Loading />
      ) : weeks.length === 0 ? (
        <NoData>{messages.noQuestionnairesDue}</NoData>
      ) : (
        <>
          <ChartFrame>
            <BarChart
              height={240}
              {...framedChart}
              xAxis={[{ scaleType: "band", data: labels }]}
              yAxis={[{ label: "Questionnaires" }]}
              series={[
                { data: weeks.map((w) => w.completed), label: "Completed", stack: "due", color: "#2e7d32" },
                { data: weeks.map((w) => w.partial), label: "Partly answered", stack: "due", color: "#ed6c02" },
                { data: weeks.map((w) => w.missed), label: "Missed", stack: "due", color: "#c62828" },
                { data: weeks.map((w) => w.open), label: "Still open", stack: "due", color: "#9e9e9e" },
              ]}
            />
          </ChartFrame>
          <DataTable
            caption="Questionnaire completion by week"
            columns={[
              {
                header: axis === "date" ? "Week" : "Week of involvement",
                cell: (w: QuestionnaireWeek) => weekLabel(axis, w.key),
              },
              { header: "Due", cell: (w) => String(w.delivered) },
              { header: "Completed", cell: (w) => String(w.completed) },
              { header: "Partly answered", cell: (w) => String(w.partial) },
              { header: "Missed", cell: (w) => String(w.missed) },
              { header: "Still open", cell: (w) => String(w.open) },
              { header: "Completion rate", cell: rateText },
            ]}
            rows={weeks}
            rowKey={(w) => w.key}
          />
        </>
      )}
    </WidgetCard>
  );
};
