import type { LogItem } from "@openpro/core";
import { DataTable } from "../../../components/data-table";
import { formatDay, formatTime } from "../format";
import { NoData, WidgetCard } from "./widget-card";

/** The patients' 1–5 scale (document 2 §1), in the staff's words. */
const feelingWords = ["Very bad", "Bad", "OK", "Good", "Very good"] as const;

export const feelingLabel = (value: number | null | undefined) =>
  value && value >= 1 && value <= 5 ? `${feelingWords[value - 1]} (${value} of 5)` : "–";

/**
 * How the patient said they felt over the range (feeling and mood logs), newest first: patients
 * log it in the app, and a low mood is a reason to call them.
 */
export const FeelingsWidget = ({ logs, limit = 10 }: { logs: readonly LogItem[]; limit?: number }) => {
  const feelings = logs
    .filter((l) => (l.logClass === "FEELING" || l.logClass === "MOOD") && l.validationStatus !== "Removed")
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, limit);
  return (
    <WidgetCard title="Feelings">
      {feelings.length === 0 ? (
        <NoData>No feelings logged in this period.</NoData>
      ) : (
        <DataTable
          caption="How the patient felt"
          columns={[
            { header: "Day", cell: (l) => formatDay(l.localDate || l.date) },
            { header: "Time", cell: (l) => formatTime(l.date) },
            { header: "Feeling", cell: (l) => feelingLabel(l.data.value) },
            { header: "Note", cell: (l) => l.data.note ?? "" },
          ]}
          rows={feelings}
          rowKey={(l) => l.logId}
        />
      )}
    </WidgetCard>
  );
};
