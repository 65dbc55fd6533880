import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { useSignBackIn } from "../features/auth/api";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { isPasswordExpired, postSignInRoute, takeReturnTo } from "../lib/session";
import { useSession } from "../lib/session-context";

/**
 * Forced while the password is expired. The change ends every session, so the user is signed back
 * in with the new password (scope clinical, as after a change in Settings) and continues where the
 * sign-in was going: the one-time code first where the account needs one, then the instructions
 * for use if not yet accepted, else the page they asked for. Signed out only if that sign-in fails.
 */
export const UpdatePasswordPage = () => {
  const { user, signIn, signOut } = useSession();
  const signBackIn = useSignBackIn();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <>
      <PageTitle>Update your password</PageTitle>
      {isPasswordExpired(user) ? (
        <Typography color="text.secondary" sx={{ mt: -2 }}>
          {messages.passwordExpired}
        </Typography>
      ) : null}
      <ChangePasswordForm
        email={user.email}
        onChanged={(password) => {
          enqueueSnackbar(messages.passwordUpdated, { variant: "success" });
          signBackIn.mutate(
            { email: user.email, password },
            {
              onSuccess: ({ accessToken, refreshToken, user: signedIn }) => {
                signIn({ accessToken, refreshToken }, signedIn);
                // A pending one-time code: the session's guard opens the code page, which continues.
                if (!signedIn.otpRequired) navigate(postSignInRoute(signedIn, takeReturnTo()), { replace: true });
              },
              onError: () => void signOut({ callServer: false }),
            },
          );
        }}
      />
      <Typography sx={{ mt: 3 }}>
        <Link component="button" type="button" onClick={() => void signOut()}>
          Log out
        </Link>
      </Typography>
    </>
  );
};
