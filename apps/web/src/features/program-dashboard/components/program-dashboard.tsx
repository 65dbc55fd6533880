import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  can,
  type DashboardAxis,
  type DashboardRangeShortcut,
  dashboardRange,
  type Grants,
  todayIn,
} from "@openpro/core";
import { useState } from "react";
import type { Program } from "../../../lib/wire";
import {
  type FigureRequest,
  useMedicationAdherence,
  useMostLoggedSymptoms,
  useQuestionnaireCompletion,
  useReportingTrend,
  useTemperatureTrends,
} from "../api";
import { FigurePatientsDialog } from "./figure-patients-dialog";
import { MedicationAdherence } from "./medication-adherence";
import { MostLoggedSymptoms } from "./most-logged-symptoms";
import { ProgramSummary } from "./program-summary";
import { QuestionnaireCompletion } from "./questionnaire-completion";
import { RangeControls } from "./range-controls";
import { ReportingTrend } from "./reporting-trend";
import { SymptomTrends } from "./symptom-trends";
import { TemperatureTrends } from "./temperature-trends";

/** How many symptoms the most-logged widget lists (spec constant); the trend picker offers every one logged. */
export const mostLoggedLimit = 5;
const pickerLimit = 100;

/**
 * The program dashboard: what the program is, then its trends over the chosen range, each widget
 * shown only with its data permission; figures open the patients behind them when the actor may
 * see patients by name.
 */
export const ProgramDashboard = ({ program, actor, now }: { program: Program; actor: Grants; now: Date }) => {
  const [shortcut, setShortcut] = useState<DashboardRangeShortcut>("FULL_PROGRAM");
  const [axis, setAxis] = useState<DashboardAxis>("date");
  const [orderBy, setOrderBy] = useState<"count" | "severe">("count");
  const [logTypeId, setLogTypeId] = useState<string | null>(null);
  const [figure, setFigure] = useState<FigureRequest | null>(null);
  const range = dashboardRange(shortcut, program, todayIn(program.territory, now));
  const query = { ...range, axis };
  const programId = program.programId;
  const symptomData = can(actor, "view_project_symptom_data");
  const temperatureData = can(actor, "view_project_temperature_data");
  const questionnaireData = can(actor, "view_questionnaire_schedules");
  const showPatients = can(actor, "view_project_users") ? setFigure : undefined;

  const mostLogged = useMostLoggedSymptoms(programId, range, orderBy, mostLoggedLimit, symptomData);
  const logged = useMostLoggedSymptoms(programId, range, "count", pickerLimit, symptomData);
  const temperature = useTemperatureTrends(programId, query, temperatureData);
  const medication = useMedicationAdherence(programId, range, symptomData);
  const completion = useQuestionnaireCompletion(programId, query, questionnaireData);
  // Beside the worklist: whoever works it (the participant list's permission) sees the trend.
  const careTeam = can(actor, "view_project_users");
  const reporting = useReportingTrend(programId, careTeam);

  return (
    <>
      <ProgramSummary program={program} />
      <RangeControls shortcut={shortcut} onShortcut={setShortcut} axis={axis} onAxis={setAxis} range={range} />
      {!symptomData && !temperatureData ? (
        <Typography role="status" color="text.secondary">
          You do not have permission to view this program's data.
        </Typography>
      ) : null}
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", xl: "repeat(2, minmax(0, 1fr))" } }}
      >
        {careTeam ? (
          <ReportingTrend programId={programId} trend={reporting.data} loading={reporting.isPending} />
        ) : null}
        {symptomData ? (
          <SymptomTrends
            programId={programId}
            query={query}
            symptoms={(logged.data?.results ?? []).map((s) => ({
              logTypeId: s.logType.logTypeId,
              name: s.logType.name,
            }))}
            logTypeId={logTypeId}
            onLogTypeId={setLogTypeId}
            onShowPatients={showPatients}
          />
        ) : null}
        {symptomData ? (
          <MostLoggedSymptoms
            symptoms={mostLogged.data?.results ?? []}
            orderBy={orderBy}
            onOrderBy={setOrderBy}
            onShowPatients={showPatients}
          />
        ) : null}
        {temperatureData ? (
          <TemperatureTrends
            query={query}
            trends={temperature.data}
            loading={temperature.isPending}
            onShowPatients={showPatients}
          />
        ) : null}
        {symptomData ? (
          <MedicationAdherence
            medications={medication.data?.results}
            loading={medication.isPending}
            onShowPatients={showPatients}
          />
        ) : null}
        {questionnaireData ? (
          <QuestionnaireCompletion completion={completion.data} loading={completion.isPending} />
        ) : null}
      </Box>
      <FigurePatientsDialog programId={programId} range={range} figure={figure} onClose={() => setFigure(null)} />
    </>
  );
};
