import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Outlet, useParams } from "react-router";
import { Loading } from "../components/loading";
import { ParticipantList } from "../features/patients/components/participant-list";
import { usePatientIdTypes, useProgram } from "../features/programs/api";
import { useSession } from "../lib/session-context";

/**
 * /programs/{programId} and /programs/{programId}/participants/…: the participant list on the
 * left, the selected patient's area (or the prompt to choose one) on the right.
 */
export const ParticipantsLayoutPage = () => {
  const { programId = "" } = useParams();
  const { user } = useSession();
  const program = useProgram(programId);
  const idTypes = usePatientIdTypes();
  if (!user || !program.data) return <Loading />;
  return (
    <Box>
      {/* The program's tabs above lead to its reports and settings: buttons here went to a tab
          named otherwise ("Reports" to Overview) and to another Settings than the tab's. */}
      {program.data.description ? (
        <Typography color="text.secondary" sx={{ maxWidth: 720, mb: 2 }}>
          {program.data.description}
        </Typography>
      ) : null}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "320px minmax(0, 1fr)" } }}>
        <Box component="nav" aria-label="Participants">
          <ParticipantList program={program.data} actor={user} idTypes={idTypes.data?.patientIdTypes ?? []} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
};
