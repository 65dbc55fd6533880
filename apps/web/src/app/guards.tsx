import Button from "@mui/material/Button";
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../components/loading";
import { isPasswordExpired, rememberReturnTo } from "../lib/session";
import { useSession } from "../lib/session-context";
import { SomethingWentWrongScreen } from "./route-error";

const RedirectToLogin = () => {
  const location = useLocation();
  const target = location.pathname + location.search;
  useEffect(() => {
    if (target !== "/") rememberReturnTo(target);
  }, [target]);
  return <Navigate to="/login" replace state={{ from: target }} />;
};

const SessionTrouble = () => {
  const { refetchUser, signOut } = useSession();
  return (
    <SomethingWentWrongScreen
      actions={
        <>
          <Button color="inherit" onClick={() => void refetchUser()}>
            Retry
          </Button>
          <Button color="inherit" onClick={() => void signOut()}>
            Log out
          </Button>
        </>
      }
    />
  );
};

/**
 * Routes for a signed-in user: no session → /login (remembering the target);
 * a pending one-time code → /2FA/login/{email}; an expired password → /update-password.
 */
export const RequireSession = ({
  allowExpiredPassword = false,
  children,
}: {
  allowExpiredPassword?: boolean;
  children?: ReactNode;
}) => {
  const { status, user } = useSession();
  if (status === "loading") return <Loading label="Signing in" />;
  if (status === "error") return <SessionTrouble />;
  if (!user) return <RedirectToLogin />;
  if (user.otpRequired) return <Navigate to={`/2FA/login/${encodeURIComponent(user.email)}`} replace />;
  if (!allowExpiredPassword && isPasswordExpired(user)) return <Navigate to="/update-password" replace />;
  return children ?? <Outlet />;
};

/** Public pages are open to everyone, but a signed-in user with an expired password must change it first. */
export const PasswordExpiryGate = () => {
  const { user } = useSession();
  if (user && !user.otpRequired && isPasswordExpired(user)) return <Navigate to="/update-password" replace />;
  return <Outlet />;
};
