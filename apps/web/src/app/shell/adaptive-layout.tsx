import { Outlet } from "react-router";
import { useSession } from "../../lib/session-context";
import { AppShell } from "./app-shell";
import { PublicLayout } from "./public-layout";

/** Pages open to everyone (legal, 404): inside the shell when signed in, else the public reading layout. */
export const AdaptiveLayout = () => {
  const { user } = useSession();
  return user && !user.otpRequired ? (
    <AppShell>
      <Outlet />
    </AppShell>
  ) : (
    <PublicLayout wide>
      <Outlet />
    </PublicLayout>
  );
};
