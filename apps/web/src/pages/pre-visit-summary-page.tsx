import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import MuiLink from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { can } from "@openpro/core";
import { RouterLink } from "../components/router-link";
import { DownloadSummaryButton } from "../features/pre-visit-summary/components/download-summary-button";
import { PreVisitSummaryCard } from "../features/pre-visit-summary/components/pre-visit-summary";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/pre-visit-summary: one page of the period since the patient's last visit, and its PDF. */
export const PreVisitSummaryPage = () => {
  const { programId, userId, base, actor } = usePatientArea();
  return (
    <>
      <MuiLink component={RouterLink} to={base} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ my: 1, justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography variant="h3" component="h3">
          Pre-visit summary
        </Typography>
        {can(actor, "download_patient_report") ? <DownloadSummaryButton programId={programId} userId={userId} /> : null}
      </Stack>
      <PreVisitSummaryCard programId={programId} userId={userId} base={base} />
    </>
  );
};
