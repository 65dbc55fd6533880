import { Box, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { LoginForm, type LoginResult } from "../features/auth/components/login-form";
import { postSignInRoute, rememberReturnTo, takeReturnTo, wasSessionExpired } from "../lib/session";
import { useSession } from "../lib/session-context";

export const LoginPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const location = useLocation();
  const [expired] = useState(wasSessionExpired);
  const [justSignedIn, setJustSignedIn] = useState(false);

  if (!justSignedIn && session.user && !session.user.otpRequired) return <Navigate to="/" replace />;

  const from = (location.state as { from?: string } | null)?.from;
  const onSignedIn = ({ accessToken, refreshToken, user }: LoginResult) => {
    setJustSignedIn(true);
    if (from) rememberReturnTo(from);
    session.signIn({ accessToken, refreshToken }, user);
    if (user.otpRequired) {
      // The password was right and a code is on its way.
      enqueueSnackbar(messages.otpSent, { variant: "success" });
      navigate(`/2FA/login/${encodeURIComponent(user.email)}`, { replace: true });
    } else navigate(postSignInRoute(user, takeReturnTo()), { replace: true });
  };

  return (
    <>
      <PageTitle>{expired ? messages.sessionExpiredHeading : messages.welcomeBack}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2 }}>
        {expired ? messages.sessionExpiredLine : "Sign in to the OpenPRO dashboard."}
      </Typography>
      <LoginForm onSignedIn={onSignedIn} />
      <Box sx={{ mt: 3, display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
        <TextLink to="/reset-password">Forgot your password?</TextLink>
        <TextLink to="/confirm-code">I have a reset code</TextLink>
      </Box>
    </>
  );
};
