import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { messages, type ProgramMostLoggedSymptom } from "@openpro/core";
import { DataTable } from "../../../components/data-table";
import { NoData, WidgetCard } from "../../../components/widget-card";
import type { FigureRequest } from "../api";
import { FigurePatientsButton } from "./figure-patients-dialog";

/** The program's most logged symptoms: logs, severe logs (a link to who logged them) and logs per grade. */
export const MostLoggedSymptoms = ({
  symptoms,
  orderBy,
  onOrderBy,
  onShowPatients,
}: {
  symptoms: readonly ProgramMostLoggedSymptom[];
  orderBy: "count" | "severe";
  onOrderBy: (orderBy: "count" | "severe") => void;
  onShowPatients?: (figure: FigureRequest) => void;
}) => (
  <WidgetCard
    wrap
    title="Most logged symptoms"
    actions={
      <ToggleButtonGroup
        size="small"
        exclusive
        value={orderBy}
        aria-label="Order symptoms by"
        onChange={(_, value: "count" | "severe" | null) => {
          if (value) onOrderBy(value);
        }}
      >
        <ToggleButton value="count">Most logs</ToggleButton>
        <ToggleButton value="severe">Most severe</ToggleButton>
      </ToggleButtonGroup>
    }
  >
    {symptoms.length === 0 ? (
      <NoData>{messages.noSymptomLogs}</NoData>
    ) : (
      <DataTable
        caption="Most logged symptoms"
        columns={[
          { header: "Symptom", cell: (s: ProgramMostLoggedSymptom) => s.logType.name },
          { header: "Logs", align: "right", cell: (s) => String(s.count) },
          {
            header: "Severe",
            align: "right",
            cell: (s) =>
              s.severe > 0 && onShowPatients ? (
                <FigurePatientsButton
                  aria-label={`${s.severe} severe ${s.logType.name} logs: show the patients`}
                  figure={{
                    figure: "severeSymptom",
                    logTypeId: s.logType.logTypeId,
                    title: `Patients who logged severe ${s.logType.name}`,
                  }}
                  onShowPatients={onShowPatients}
                >
                  {s.severe}
                </FigurePatientsButton>
              ) : (
                String(s.severe)
              ),
          },
          ...[0, 1, 2, 3, 4].map((grade) => ({
            header: `Grade ${grade}`,
            align: "right" as const,
            cell: (s: ProgramMostLoggedSymptom) => String(s.grades.find((g) => g.grade === grade)?.count ?? 0),
          })),
        ]}
        rows={symptoms}
        rowKey={(s) => s.logType.logTypeId}
      />
    )}
  </WidgetCard>
);
