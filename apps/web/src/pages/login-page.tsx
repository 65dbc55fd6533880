import { messages } from "@openpro/core/schema-free";
import { useEffect, useState } from "react";
import { PlainPageTitle, Spinner } from "../components/plain-ui";
import { LoginForm, type LoginResult } from "../features/auth/components/login-form";
import { useStaffSessionUser } from "../features/auth/staff-sign-in-api";
import { goTo } from "../lib/page-address";
import { postSignInRoute, rememberOtpSent, takeReturnTo, wasSessionExpired } from "../lib/sign-in-state";

/**
 * /login: the staff sign-in, on the light entry (public-pages.html). A signed-in user goes to /.
 * The sign-in continues in the staff app by a full page load: to the code screen (which says the
 * code was sent), or where the user was going (the guard kept it: takeReturnTo).
 */
export const LoginPage = () => {
  const session = useStaffSessionUser();
  const [expired] = useState(wasSessionExpired);
  // A refused session may still refresh: the staff app tries, and sends the user back here if not.
  const leave = (session.user !== null && !session.user.otpRequired) || session.refused;
  useEffect(() => {
    if (leave) goTo("/", { replace: true });
  }, [leave]);

  if (session.checking || leave) return <Spinner label="Signing in" />;

  const onSignedIn = ({ user }: LoginResult) => {
    if (user.otpRequired) {
      // The password was right and a code is on its way.
      rememberOtpSent();
      goTo(`/2FA/login/${encodeURIComponent(user.email)}`, { replace: true });
    } else goTo(postSignInRoute(user, takeReturnTo()), { replace: true });
  };

  return (
    <>
      <PlainPageTitle>{expired ? messages.sessionExpiredHeading : messages.welcomeBack}</PlainPageTitle>
      <p className="pu-text pu-secondary">
        {expired ? messages.sessionExpiredLine : "Sign in to the OpenPRO dashboard."}
      </p>
      <LoginForm onSignedIn={onSignedIn} />
      <div className="pu-actions pu-spread">
        <a href="/reset-password">Forgot your password?</a>
        <a href="/confirm-code">I have a reset code</a>
      </div>
    </>
  );
};
