import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useNavigate, useSearchParams } from "react-router";
import { RouterLink } from "../../components/router-link";
import { t } from "../../lib/patient-text";
import { LoginForm } from "../components/login-form";
import { MeLayout } from "../components/me-layout";

/** /me/login: a patient signs in to the web app. */
export const MeLoginPage = () => {
  const navigate = useNavigate();
  // An invitation opened again after joining sends the patient here with the address filled in.
  const email = useSearchParams()[0].get("email")?.trim() ?? "";
  return (
    <MeLayout title={t("signInTitle")} signedOut>
      <Typography sx={{ mb: 3 }}>{t("signInIntro")}</Typography>
      <LoginForm defaultEmail={email} onSignedIn={() => navigate("/me", { replace: true })} />
      <Link
        component={RouterLink}
        to={email ? `/me/forgot-password?email=${encodeURIComponent(email)}` : "/me/forgot-password"}
        sx={{ display: "inline-block", mt: 3, py: 1.5 }}
      >
        {t("forgotPasswordLink")}
      </Link>
    </MeLayout>
  );
};
