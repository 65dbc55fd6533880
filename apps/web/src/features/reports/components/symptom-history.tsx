import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { type LogItem, maxSymptomGrade, messages, type SymptomGroup, symptomGradeLabels } from "@openpro/core";
import type { ReactNode } from "react";
import { DataTable } from "../../../components/data-table";
import { SevereMark } from "../../../components/severe-mark";
import { gradeLabel } from "../format";
import { logMoment, logMomentColumns, ReportLineChart } from "./log-chart";
import { NoData } from "./widget-card";

/** Invalidated logs are dimmed by a grey ground and secondary text (opacity would fail contrast). */
const dimmed = { bgcolor: "action.hover", color: "text.secondary" } as const;

const byDate = (items: readonly LogItem[]) => [...items].sort((a, b) => a.date.localeCompare(b.date));
const gradeOf = (item: LogItem) => item.data.grade ?? item.level?.grade ?? 0;

/** Grades of one symptom over time (invalidated logs left out). */
export const SymptomChart = ({ group, height = 240 }: { group: SymptomGroup; height?: number }) => {
  const items = byDate(group.items.filter((i) => i.validationStatus !== "Removed"));
  return (
    <>
      <ReportLineChart
        height={height}
        xLabels={items.map(logMoment)}
        values={items.map(gradeOf)}
        seriesLabel={`${group.log.name} grade`}
        yAxis={{
          min: 0,
          max: maxSymptomGrade,
          tickInterval: [0, 1, 2, 3, 4],
          valueFormatter: (v: number) => String(v),
          label: "Grade",
        }}
      />
      <DataTable
        hidden
        caption={`${group.log.name}: grade per log`}
        columns={[
          ...logMomentColumns,
          { header: "Grade", cell: (i) => `${gradeOf(i)} – ${symptomGradeLabels[gradeOf(i)] ?? ""}` },
        ]}
        rows={items}
        rowKey={(i) => i.logId}
      />
    </>
  );
};

/**
 * The logs of a symptom, newest first. `renderLogActions` lets the page add the acknowledgement
 * controls of the logs feature beside each log.
 */
export const SymptomHistory = ({
  group,
  showRedFlags = true,
  renderLogActions,
}: {
  group: SymptomGroup;
  /** view_user_symptom_red_flags: severe logs marked as such. */
  showRedFlags?: boolean;
  renderLogActions?: (item: LogItem, group: SymptomGroup) => ReactNode;
}) => {
  const items = byDate(group.items).reverse();
  if (items.length === 0) return <NoData>{messages.noSymptomLogs}</NoData>;
  return (
    <List aria-label={`${group.log.name} history`}>
      {items.map((item) => {
        const removed = item.validationStatus === "Removed";
        const danger = showRedFlags && (item.level?.isDanger ?? false);
        return (
          <ListItem key={item.logId} divider sx={{ display: "block", ...(removed ? dimmed : {}) }}>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
              <Typography>
                {logMoment(item)} · {gradeLabel(gradeOf(item))}
                {danger && !removed ? <SevereMark /> : null}
              </Typography>
            </Box>
            {item.data.note ? <Typography variant="body2">{item.data.note}</Typography> : null}
            {renderLogActions?.(item, group)}
          </ListItem>
        );
      })}
    </List>
  );
};
