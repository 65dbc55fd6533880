import { messages } from "@openpro/core";
import { Outlet, useLocation, useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { InviteCodeBanner } from "../features/invite-codes/components/invite-code-banner";
import { useProgram } from "../features/programs/api";
import { ProgramHeader, type ProgramTab } from "../features/programs/components/program-header";
import { useSession } from "../lib/session-context";

const tabOf = (pathname: string, projectId: string): ProgramTab | false => {
  const rest = pathname.slice(`/programs/${projectId}/`.length).split("/")[0];
  // The program's own address is its participant list.
  if (!rest || rest === "participants") return "participants";
  return rest === "reports" || rest === "settings" ? rest : false;
};

/** /programs/{projectId}/*: the program header around the overview, participants and settings pages. */
export const ProgramPage = () => {
  const { projectId = "" } = useParams();
  const location = useLocation();
  const { user } = useSession();
  const program = useProgram(projectId);

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
  return (
    <>
      <ProgramHeader
        program={program.data}
        current={tabOf(location.pathname, projectId)}
        notices={user ? <InviteCodeBanner program={program.data} actor={user} /> : null}
      />
      <Outlet />
    </>
  );
};
