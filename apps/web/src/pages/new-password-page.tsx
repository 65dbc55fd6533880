import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { limits, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useNavigate, useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { NewPasswordForm } from "../features/auth/components/new-password-form";
import { useSession } from "../lib/session-context";

const isUsableCode = (code: string) =>
  new RegExp(`^[0-9]{${limits.otpLength}}$`).test(code) || code.length === limits.resetCodeLength;

/** /new-password?resetCode=&email= */
export const NewPasswordPage = () => {
  const navigate = useNavigate();
  const session = useSession();
  const [search] = useSearchParams();
  const code = search.get("resetCode")?.trim() ?? "";
  const email = search.get("email")?.trim() ?? "";
  const usable = isUsableCode(code) && (code.length === limits.resetCodeLength || email !== "");

  return (
    <>
      <PageTitle>Set a new password</PageTitle>
      {usable ? (
        <NewPasswordForm
          email={email}
          code={code}
          onDone={(tokens) => {
            enqueueSnackbar(messages.passwordResetDone, { variant: "success" });
            // The 8-character reset signs the user in (success message, then /).
            if (tokens) {
              session.signIn(tokens);
              navigate("/", { replace: true });
            } else navigate("/login", { replace: true });
          }}
        />
      ) : (
        <Alert severity="error">{messages.resetCodeIncorrect}</Alert>
      )}
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/reset-password">Request a new code</TextLink>
      </Typography>
    </>
  );
};
