import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { messages, type ProgramMedication } from "@openpro/core";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { Loading } from "../../../components/loading";
import { NoData, WidgetCard } from "../../../components/widget-card";
import type { FigureRequest } from "../api";
import { FigurePatientsButton } from "./figure-patients-dialog";

const percent = (m: ProgramMedication) => (m.adherence === null ? "—" : `${m.adherence}%`);

/** Adherence per medication across the program: a chart, and beside it the sidebar of adherence and doses missed. */
export const MedicationAdherence = ({
  medications,
  loading,
  onShowPatients,
}: {
  medications: readonly ProgramMedication[] | undefined;
  loading: boolean;
  onShowPatients?: (figure: FigureRequest) => void;
}) => (
  <WidgetCard wrap title="Medication adherence">
    {loading && !medications ? (
      <Loading />
    ) : !medications || medications.length === 0 ? (
      <NoData>{messages.noMedicationLogs}</NoData>
    ) : (
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 1fr)" },
        }}
      >
        <Box>
          <ChartFrame>
            <BarChart
              height={240}
              {...framedChart}
              hideLegend
              xAxis={[{ scaleType: "band", data: medications.map((m) => m.medicationName) }]}
              yAxis={[{ min: 0, max: 100, label: "Adherence (%)" }]}
              series={[{ data: medications.map((m) => m.adherence ?? 0), label: "Adherence (%)" }]}
            />
          </ChartFrame>
          <DataTable
            hidden
            caption="Medication adherence"
            columns={[
              { header: "Medication", cell: (m: ProgramMedication) => m.medicationName },
              { header: "Adherence", cell: percent },
              { header: "Doses logged", cell: (m) => String(m.logged) },
              { header: "Doses skipped", cell: (m) => String(m.skipped) },
              { header: "Doses missed", cell: (m) => String(m.eventsMissed) },
              { header: "Patients", cell: (m) => String(m.patients) },
            ]}
            rows={medications}
            rowKey={(m) => m.medicationName}
          />
        </Box>
        <Box role="group" aria-label="Adherence by medication">
          <List dense disablePadding>
            {medications.map((m) => (
              <ListItem key={m.medicationName} disableGutters sx={{ display: "block" }}>
                <Typography component="p" sx={{ fontWeight: 600 }}>
                  {m.medicationName}: {percent(m)}
                </Typography>
                <Typography component="p" color="text.secondary">
                  {m.eventsMissed} {m.eventsMissed === 1 ? "event" : "events"} missed
                  {m.eventsMissed > 0 && onShowPatients ? (
                    <FigurePatientsButton
                      sx={{ ml: 1 }}
                      aria-label={`Patients who missed ${m.medicationName}`}
                      figure={{
                        figure: "missedMedication",
                        medicationName: m.medicationName,
                        title: `Patients who missed ${m.medicationName}`,
                      }}
                      onShowPatients={onShowPatients}
                    >
                      Patients
                    </FigurePatientsButton>
                  ) : null}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    )}
  </WidgetCard>
);
