import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Paper, Typography } from "@mui/material";
import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { RouterLink } from "../components/router-link";
import { ScheduleForm } from "../features/questionnaire-delivery/components/schedule-form";
import { datePart, todayIso } from "../features/reports/format";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/schedule/create: add a questionnaire, batch or plan to the patient's schedule. */
export const PatientQuestionnairesScheduleCreatePage = () => {
  const { programId, userId, base, actor, participant } = usePatientArea();
  if (!can(actor, "create_questionnaire_schedule")) return <EmptyState title={messages.forbidden} />;
  const listPath = `${base}/scheduled-questionnaires`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MuiLink component={RouterLink} to={listPath} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        Add questionnaire to schedule
      </Typography>
      <ScheduleForm
        programId={programId}
        userId={userId}
        context={{ audience: "user", consentDate: datePart(participant.dateConsentGiven), today: todayIso() }}
        listPath={listPath}
      />
    </Paper>
  );
};
