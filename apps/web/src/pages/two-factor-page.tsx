import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { useQueryClient } from "@tanstack/react-query";
import { enqueueSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { useResendLoginOtp, useResetSendOtp, useResetVerifyOtp, useVerifyLoginOtp } from "../features/auth/api";
import { OtpForm } from "../features/auth/components/otp-form";
import { inlineMessage } from "../lib/api-errors";
import { currentUserQuery, postSignInRoute, takeOtpSent, takeReturnTo } from "../lib/session";
import { useSession } from "../lib/session-context";

const PasswordResetCode = ({ email }: { email: string }) => {
  const navigate = useNavigate();
  const verify = useResetVerifyOtp();
  const resend = useResetSendOtp();
  return (
    <>
      <PageTitle>Enter your code</PageTitle>
      <OtpForm
        intro={`Enter the 6-digit code we e-mailed to ${email} to reset your password.`}
        verifying={verify.isPending}
        resending={resend.isPending}
        error={inlineMessage(verify.error, "otp-verify")}
        onVerify={(otpCode) =>
          verify.mutateAsync({ email, otpCode }).then(() => {
            enqueueSnackbar(messages.otpVerified, { variant: "success" });
            const query = new URLSearchParams({ resetCode: otpCode, email });
            navigate(`/new-password?${query.toString()}`);
          })
        }
        onResend={() =>
          resend.mutateAsync(email).then(() => enqueueSnackbar(messages.codeResentToEmail, { variant: "success" }))
        }
      />
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/reset-password">Use a different e-mail address</TextLink>
      </Typography>
    </>
  );
};

/** The code of a sign-in, or of a new account's sign-up (the same endpoints; the server knows which). */
const LoginCode = ({ signup = false }: { signup?: boolean }) => {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verify = useVerifyLoginOtp();
  const resend = useResendLoginOtp();
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    // The sign-in (light entry) loaded this page: it says here that the code was sent.
    if (takeOtpSent()) enqueueSnackbar(messages.otpSent, { variant: "success" });
  }, []);

  if (session.status === "loading") return <Loading />;
  if (!session.user) return <Navigate to="/login" replace />;
  if (!session.user.otpRequired && !verified) return <Navigate to="/" replace />;
  const { email } = session.user;

  const onVerify = async (otpCode: string) => {
    await verify.mutateAsync(otpCode);
    setVerified(true);
    enqueueSnackbar(messages.otpVerified, { variant: "success" });
    try {
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      navigate(postSignInRoute(user, takeReturnTo()), { replace: true });
    } catch {
      navigate("/", { replace: true });
    }
  };

  return (
    <>
      <PageTitle>{signup ? "Confirm your e-mail address" : "Check your e-mail"}</PageTitle>
      <OtpForm
        intro={
          signup
            ? `We sent a 6-digit code to ${email}. Enter it to confirm your e-mail address and finish creating your account.`
            : `${messages.otpRequired} We sent a 6-digit code to ${email}.`
        }
        verifying={verify.isPending || verified}
        resending={resend.isPending}
        error={inlineMessage(verify.error, "otp-verify")}
        onVerify={onVerify}
        onResend={() => resend.mutateAsync().then(() => enqueueSnackbar(messages.otpResent, { variant: "success" }))}
      />
    </>
  );
};

/** /2FA/{requestType?}/{email?}: the one-time code of a sign-in, a sign-up, or a password reset. */
export const TwoFactorPage = () => {
  const { requestType, email } = useParams();
  if (requestType === "passwordReset") {
    return email ? <PasswordResetCode email={email} /> : <Navigate to="/reset-password" replace />;
  }
  return <LoginCode signup={requestType === "signup"} />;
};
