import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type CurrentUser, can, messages } from "@openpro/core";
import { useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { RouterLink, TextLink } from "../components/router-link";
import { ProgramDashboard } from "../features/program-dashboard/components/program-dashboard";
import { useProgram } from "../features/programs/api";
import { ExportQuestionnaireReportButton } from "../features/questionnaire-delivery/components/export-report-button";
import { useSession } from "../lib/session-context";

/** Research export (either data export permission): its page is linked from here. */
const canExportData = (user: CurrentUser) =>
  can(user, "export_project_data_anonymised") || can(user, "export_project_data_identifiable");

/**
 * /programs/{programId}/reports (and /dashboard): the program dashboard under the program header
 * (name, Closed badge, adverse-event and invite-code banners come from the program page).
 */
export const ProgramReportsPage = () => {
  const { programId = "" } = useParams();
  const { user } = useSession();
  const program = useProgram(programId);
  return (
    <section aria-labelledby="program-overview-heading">
      <h2 id="program-overview-heading" className="visually-hidden">
        Overview
      </h2>
      {program.isPending || !user ? (
        <Loading />
      ) : program.isError ? (
        <EmptyState title={messages.notFound}>
          There is no such program. <TextLink to="/programs/create">Create a program</TextLink>
        </EmptyState>
      ) : (
        <>
          {can(user, "export_project_questionnaires_report") || canExportData(user) ? (
            <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mb: 2 }}>
              {canExportData(user) ? (
                <Button component={RouterLink} to={`/programs/${programId}/reports/data-export`} variant="outlined">
                  Data export
                </Button>
              ) : null}
              {can(user, "export_project_questionnaires_report") ? (
                <>
                  <ExportQuestionnaireReportButton programId={programId} format="csv" />
                  <ExportQuestionnaireReportButton programId={programId} format="xlsx" />
                </>
              ) : null}
            </Box>
          ) : null}
          <ProgramDashboard program={program.data} actor={user} now={new Date()} />
        </>
      )}
    </section>
  );
};
