import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Paper, Typography } from "@mui/material";
import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { RouterLink } from "../components/router-link";
import { PatientSchedule } from "../features/questionnaire-delivery/components/patient-schedule";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/scheduled-questionnaires: the patient's schedule with Add to schedule. */
export const PatientQuestionnairesScheduledPage = () => {
  const { programId, userId, base, actor, participant, program } = usePatientArea();
  if (!can(actor, "view_questionnaire_schedules")) return <EmptyState title={messages.forbidden} />;
  const active = participant.status === "CONSENTED" && program.isProjectActive;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MuiLink component={RouterLink} to={base} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        Scheduled questionnaires
      </Typography>
      <PatientSchedule
        programId={programId}
        userId={userId}
        createPath={`${base}/schedule/create`}
        programSchedulePath={`/programs/${programId}/settings/questionnaires/scheduled`}
        canCreate={active && can(actor, "create_questionnaire_schedule")}
        canDelete={can(actor, "delete_questionnaire_schedule")}
      />
    </Paper>
  );
};
