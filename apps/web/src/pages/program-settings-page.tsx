import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import {
  can,
  type Grants,
  messages,
  type ProgramSettingsSection,
  visibleGeneralTabs,
  visibleSettingsSections,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { Navigate, useNavigate, useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { RouterLink } from "../components/router-link";
import { AlertSettingsCard } from "../features/alerts/components/alert-settings-card";
import { CareTeamContacts } from "../features/care-team/components/care-team-contacts";
import { DataRetentionCard } from "../features/erasure/components/data-retention-card";
import { InviteCodesTab } from "../features/invite-codes/components/invite-codes-tab";
import { PatientEnrolment } from "../features/patients/components/patient-enrolment";
import { usePatientIdTypes, useProgram } from "../features/programs/api";
import { DeleteProgram } from "../features/programs/components/delete-program";
import { ProgramSettingsForm } from "../features/programs/components/program-settings-form";
import { ReadinessChecklist } from "../features/programs/components/readiness-checklist";
import { PushQuietHoursCard } from "../features/push/components/push-quiet-hours-card";
import { OutcomeMeasures } from "../features/questionnaires/components/outcome-measures";
import { SymptomSettingsTab } from "../features/symptom-settings/components/symptom-settings-tab";
import { ProgramTeam } from "../features/team/components/program-team";
import { useSession } from "../lib/session-context";
import type { Program } from "../lib/wire";
import { ProgramQuestionnairesSettings } from "./program-questionnaires-page";

/**
 * The Program settings area: General settings at /general (or /general/generalProgramSettings)
 * and, with edit_project, Care Team Information at /general/careTeamInformation.
 */
const GeneralArea = ({ program, actor, tab }: { program: Program; actor: Grants; tab: string }) => {
  const tabs = visibleGeneralTabs(actor);
  const current = tab === "careTeamInformation" || tab === "symptomsAlerts" ? tab : ("generalProgramSettings" as const);
  const permitted = tabs.some((t) => t.id === current);
  return (
    <Box>
      <Box component="nav" aria-label="Program settings tabs" sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs value={permitted ? current : false} variant="scrollable" aria-label="Program settings tabs">
          {tabs.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              component={RouterLink}
              to={`/programs/${program.programId}/settings/general/${t.id}`}
              aria-current={current === t.id ? "page" : undefined}
            />
          ))}
        </Tabs>
      </Box>
      {!permitted ? (
        <Alert severity="warning">{messages.forbidden}</Alert>
      ) : current === "careTeamInformation" ? (
        <CareTeamContacts program={program} />
      ) : current === "symptomsAlerts" ? (
        <Stack spacing={3}>
          <SymptomSettingsTab program={program} actor={actor} />
          <AlertSettingsCard
            programId={program.programId}
            editable={can(actor, "edit_project_symptom_severity_threshold")}
            temperatureEditable={can(actor, "edit_project_temperature_severity_threshold")}
          />
          <PushQuietHoursCard
            programId={program.programId}
            editable={can(actor, "edit_project_symptom_severity_threshold")}
          />
        </Stack>
      ) : (
        <>
          <ProgramSettingsForm key={program.programId} program={program} actor={actor} />
          <OutcomeMeasures programId={program.programId} actor={actor} />
          {can(actor, "erase_patient_data") ? <DataRetentionCard programId={program.programId} /> : null}
        </>
      )}
    </Box>
  );
};

/** /programs/{programId}/settings/{section?}/…: the settings tabs the user may see. */
export const ProgramSettingsPage = () => {
  const { programId = "", section, "*": rest = "" } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const program = useProgram(programId);
  const idTypes = usePatientIdTypes();
  if (!user || !program.data) return <Loading />;
  const sections = visibleSettingsSections(user, program.data);
  if (!section) return <Navigate to={`/programs/${programId}/settings/general`} replace />;
  const current = sections.find((s) => s.id === section);

  const panel = (id: ProgramSettingsSection, label: string) => {
    switch (id) {
      case "patient-enrolment":
        return <PatientEnrolment program={program.data} actor={user} idTypes={idTypes.data?.patientIdTypes ?? []} />;
      case "inviteCodes":
        return <InviteCodesTab program={program.data} actor={user} />;
      case "general":
        return <GeneralArea program={program.data} actor={user} tab={rest.split("/")[0] ?? ""} />;
      case "team":
        return <ProgramTeam program={program.data} actor={user} />;
      case "questionnaires":
        return <ProgramQuestionnairesSettings program={program.data} actor={user} path={rest} />;
      case "delete-program":
        return (
          <DeleteProgram
            program={program.data}
            onDeleted={() => {
              enqueueSnackbar(messages.programDeleted, { variant: "success" });
              navigate("/programs", { replace: true });
            }}
          />
        );
      default:
        return (
          <>
            <h2>{label}</h2>
            <EmptyState title={messages.notAvailableYet} />
          </>
        );
    }
  };

  return (
    // On a phone the panel takes the page's width (its wide tables scroll inside it); shrink-wrapped
    // to its content it pushed the Team table 529 px wide into a 390 px window.
    <Box sx={{ display: "flex", gap: 3, flexDirection: { xs: "column", md: "row" }, alignItems: { md: "flex-start" } }}>
      <Box
        component="nav"
        aria-label="Program settings sections"
        sx={{ borderRight: { md: 1 }, borderColor: "divider", minWidth: 220, flexShrink: 0 }}
      >
        <Tabs
          orientation="vertical"
          variant="scrollable"
          value={current?.id ?? false}
          aria-label="Program settings sections"
        >
          {sections.map((s) => (
            <Tab
              key={s.id}
              value={s.id}
              label={s.label}
              component={RouterLink}
              to={`/programs/${programId}/settings/${s.id}`}
              aria-current={current?.id === s.id ? "page" : undefined}
              sx={{ alignItems: "flex-start", textAlign: "left" }}
            />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, "& > h2": { typography: "h2", mt: 0, mb: 2 } }}>
        {/* Issue 30 §1: what still keeps the program from its patients, above whichever tab is open. */}
        {current ? <ReadinessChecklist programId={programId} /> : null}
        {current ? panel(current.id, current.label) : <Alert severity="warning">{messages.forbidden}</Alert>}
      </Box>
    </Box>
  );
};
