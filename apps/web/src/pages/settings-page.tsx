import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, Paper, Typography } from "@mui/material";
import { can, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useLocation, useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { AlertPreferences } from "../features/alerts/components/alert-preferences";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { PersonalDetailsForm } from "../features/auth/components/personal-details-form";
import { useSession } from "../lib/session-context";

export const SettingsPage = () => {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!user) return null;
  // "default" is the key of the first entry of this tab's history: nothing to go back to.
  const goBack = () => (location.key === "default" ? navigate("/") : navigate(-1));

  return (
    <>
      <Box component="nav" aria-label="Settings navigation" sx={{ mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={goBack}>
          Back
        </Button>
      </Box>
      <PageTitle>Settings</PageTitle>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="personal-details-heading">
          <Typography variant="h2" id="personal-details-heading">
            Personal details
          </Typography>
          <PersonalDetailsForm user={user} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="change-password-heading">
          <Typography variant="h2" id="change-password-heading">
            Change password
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
            After changing your password you will be signed out everywhere and sign in again.
          </Typography>
          <ChangePasswordForm
            requireCurrentPassword
            onChanged={() => {
              enqueueSnackbar(messages.passwordUpdated, { variant: "success" });
              void signOut({ callServer: false });
            }}
          />
        </Paper>
      </Box>
      {can(user, "view_project_users") ? <AlertPreferences /> : null}
    </>
  );
};
