import { Link, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { PageTitle } from "../components/page-title";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { isPasswordExpired } from "../lib/session";
import { useSession } from "../lib/session-context";

/** Forced while the password is expired; after the change every session has ended, so the user signs in again. */
export const UpdatePasswordPage = () => {
  const { user, signOut } = useSession();
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
        onChanged={() => {
          enqueueSnackbar(messages.passwordUpdated, { variant: "success" });
          void signOut({ callServer: false });
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
