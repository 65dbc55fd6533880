import { can } from "@openpro/core";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { usePrograms } from "../features/programs/api";
import { WorklistQueue } from "../features/worklist/components/worklist-queue";
import { useSession } from "../lib/session-context";

/** /worklist: the patients gone quiet in one of the user's programs (?projectId= opens that program's). */
export const WorklistPage = () => {
  const [search] = useSearchParams();
  const { user } = useSession();
  const programs = usePrograms(1, null);
  const options = (programs.data?.results ?? []).map((p) => ({
    programId: p.programId,
    name: p.name,
    territory: p.territory,
  }));
  return (
    <>
      <PageTitle>Worklist</PageTitle>
      {programs.data ? (
        <WorklistQueue
          programs={options}
          initialProgramId={search.get("projectId") ?? undefined}
          canSetQuietDays={can(user, "edit_project_symptom_severity_threshold")}
        />
      ) : null}
    </>
  );
};
