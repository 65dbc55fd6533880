import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Typography } from "@mui/material";
import { RouterLink } from "../components/router-link";
import { PreVisitSummaryCard } from "../features/pre-visit-summary/components/pre-visit-summary";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/pre-visit-summary: one page of the period since the patient's last visit. */
export const PreVisitSummaryPage = () => {
  const { projectId, participantId, base } = usePatientArea();
  return (
    <>
      <MuiLink component={RouterLink} to={base} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        Pre-visit summary
      </Typography>
      <PreVisitSummaryCard projectId={projectId} userId={participantId} base={base} />
    </>
  );
};
