import { Typography } from "@mui/material";
import { patientMessages as t } from "@openpro/core";
import { useNavigate } from "react-router";
import { LoginForm } from "../components/login-form";
import { MeLayout } from "../components/me-layout";

/** /me/login: a patient signs in to the web app. */
export const MeLoginPage = () => {
  const navigate = useNavigate();
  return (
    <MeLayout title={t.signInTitle} signedOut>
      <Typography sx={{ mb: 3 }}>{t.signInIntro}</Typography>
      <LoginForm onSignedIn={() => navigate("/me", { replace: true })} />
    </MeLayout>
  );
};
