import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { can, messages } from "@openpro/core";
import { useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { TextLink } from "../components/router-link";
import { ResearchExportPanel } from "../features/exports/components/research-export-panel";
import { useSession } from "../lib/session-context";

/** /programs/{programId}/reports/data-export: the program's research export (data export permissions). */
export const ProgramDataExportPage = () => {
  const { programId = "" } = useParams();
  const { user } = useSession();
  if (!user) return <Loading />;
  const allowed = can(user, "export_project_data_anonymised") || can(user, "export_project_data_identifiable");
  return (
    <Box component="section" aria-labelledby="data-export-heading" sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h2" id="data-export-heading">
          Data export
        </Typography>
        <TextLink to={`/programs/${programId}/reports`}>Back to reports</TextLink>
      </Box>
      {allowed ? <ResearchExportPanel programId={programId} actor={user} /> : <EmptyState title={messages.forbidden} />}
    </Box>
  );
};
