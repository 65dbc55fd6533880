import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Paper, Typography } from "@mui/material";
import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { RouterLink } from "../components/router-link";
import { DeliveredQuestionnaires } from "../features/questionnaire-delivery/components/delivered";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/delivered-questionnaires: results, answers, score trends and timeline. */
export const PatientQuestionnairesDeliveredPage = () => {
  const { programId, userId, base, actor } = usePatientArea();
  if (!can(actor, "view_user_questionnaire_event_results")) return <EmptyState title={messages.forbidden} />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MuiLink component={RouterLink} to={base} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        Delivered questionnaires
      </Typography>
      <DeliveredQuestionnaires
        programId={programId}
        userId={userId}
        schedulePath={`${base}/scheduled-questionnaires`}
        canViewSchedule={can(actor, "view_questionnaire_schedules")}
      />
    </Paper>
  );
};
