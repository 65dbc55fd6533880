import { Typography } from "@mui/material";
import { useNavigate } from "react-router";
import { t } from "../../lib/patient-text";
import { LoginForm } from "../components/login-form";
import { MeLayout } from "../components/me-layout";

/** /me/login: a patient signs in to the web app. */
export const MeLoginPage = () => {
  const navigate = useNavigate();
  return (
    <MeLayout title={t("signInTitle")} signedOut>
      <Typography sx={{ mb: 3 }}>{t("signInIntro")}</Typography>
      <LoginForm onSignedIn={() => navigate("/me", { replace: true })} />
    </MeLayout>
  );
};
