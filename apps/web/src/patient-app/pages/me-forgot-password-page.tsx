import Link from "@mui/material/Link";
import { useNavigate, useSearchParams } from "react-router";
import { RouterLink } from "../../components/router-link";
import { t } from "../../lib/patient-text";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { MeLayout } from "../components/me-layout";

/** /me/forgot-password[?email=]: a patient sets a new password with an e-mailed code, then is in the app. */
export const MeForgotPasswordPage = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <MeLayout title={t("forgotTitle")} signedOut>
      <ForgotPasswordForm
        initialEmail={search.get("email")?.trim() ?? ""}
        onSignedIn={() => navigate("/me", { replace: true })}
      />
      <Link component={RouterLink} to="/me/login" sx={{ display: "inline-block", mt: 3, py: 1.5 }}>
        {t("backToSignIn")}
      </Link>
    </MeLayout>
  );
};
