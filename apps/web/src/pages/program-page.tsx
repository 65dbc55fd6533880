import { messages, programLanding, programTabAllowed } from "@openpro/core";
import { useMemo } from "react";
import { Navigate, Outlet, useLocation, useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { InviteCodeBanner } from "../features/invite-codes/components/invite-code-banner";
import { useProgram } from "../features/programs/api";
import { ProgramHeader, type ProgramTab } from "../features/programs/components/program-header";
import { SessionContext, useSession } from "../lib/session-context";

const tabOf = (pathname: string, programId: string): ProgramTab | false => {
  const rest = pathname.slice(`/programs/${programId}/`.length).split("/")[0];
  // The program's own address is its participant list.
  if (!rest || rest === "participants") return "participants";
  return rest === "reports" || rest === "settings" ? rest : false;
};

/**
 * /programs/{programId}/*: the program header around the overview, participants and settings pages.
 * Inside a program, the session's permissions are the caller's permissions IN it (the role its
 * team gave them, as the server checks them): every tab, button and guard below gates on those,
 * not on the account's list (security issue 29 §2-§3).
 */
export const ProgramPage = () => {
  const { programId = "" } = useParams();
  const location = useLocation();
  const session = useSession();
  const program = useProgram(programId);
  const myPermissions = program.data?.myPermissions;
  const sessionInProgram = useMemo(
    () =>
      session.user && myPermissions ? { ...session, user: { ...session.user, permissions: myPermissions } } : session,
    [session, myPermissions],
  );
  const user = sessionInProgram.user;

  if (program.isPending) {
    return (
      <>
        <PageTitle>Program</PageTitle>
        <Loading />
      </>
    );
  }
  if (program.isError) {
    return (
      <>
        <PageTitle>Program</PageTitle>
        <EmptyState title={messages.notFound}>
          <TextLink to="/programs">Back to programs</TextLink>
        </EmptyState>
      </>
    );
  }
  const current = tabOf(location.pathname, programId);
  // A tab the caller may not open (the participant list for a life-sciences role) sends them to
  // the first one they may: no offered link leads to a refusal.
  if (current && !programTabAllowed[current](user)) {
    const landing = programLanding(user);
    if (landing !== current) return <Navigate to={`/programs/${programId}/${landing}`} replace />;
  }
  return (
    <SessionContext.Provider value={sessionInProgram}>
      <ProgramHeader
        program={program.data}
        current={current}
        allowedTabs={(tab) => programTabAllowed[tab](user)}
        notices={user ? <InviteCodeBanner program={program.data} actor={user} /> : null}
      />
      <Outlet />
    </SessionContext.Provider>
  );
};
