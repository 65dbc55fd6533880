import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { RouterLink } from "./router-link";

/**
 * The frame of a page inside a patient's area (nurse appointments, delivered and scheduled questionnaires): Back to
 * the patient, the page's title, its content.
 */
export const PatientSubPage = ({ back, title, children }: { back: string; title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <MuiLink component={RouterLink} to={back} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      Back
    </MuiLink>
    <Typography variant="h3" component="h3" sx={{ my: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);
