import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { PageTitle } from "../components/page-title";

export const UnplannedDowntimePage = () => (
  <>
    <PageTitle>{messages.technicalIssues}</PageTitle>
    <Typography component="p" sx={{ mb: 3 }}>
      OpenPRO is having technical issues. We are working on it; please try again in a few minutes.
    </Typography>
    <Button variant="contained" href="/">
      Try again
    </Button>
  </>
);
