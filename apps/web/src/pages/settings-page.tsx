import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { can, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useLocation, useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { AlertPreferences } from "../features/alerts/components/alert-preferences";
import { useSignBackIn } from "../features/auth/api";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { PersonalDetailsForm } from "../features/auth/components/personal-details-form";
import { useSession } from "../lib/session-context";

export const SettingsPage = () => {
  const { user, signIn, signOut } = useSession();
  const signBackIn = useSignBackIn();
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
            Changing your password signs you out everywhere else; here you stay signed in with the new one.
          </Typography>
          <ChangePasswordForm
            requireCurrentPassword
            onChanged={(password) => {
              enqueueSnackbar(messages.passwordUpdated, { variant: "success" });
              // Every session ended with the change: sign in again with the new password (scope
              // clinical); the one-time code follows where the account needs one. Signed out only
              // if that fails.
              signBackIn.mutate(
                { email: user.email, password },
                {
                  onSuccess: ({ accessToken, refreshToken, user: signedIn }) =>
                    signIn({ accessToken, refreshToken }, signedIn),
                  onError: () => void signOut({ callServer: false }),
                },
              );
            }}
          />
        </Paper>
      </Box>
      {can(user, "view_project_users") ? <AlertPreferences /> : null}
    </>
  );
};
