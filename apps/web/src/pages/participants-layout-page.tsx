import { Box, Button, Typography } from "@mui/material";
import { Outlet, useParams } from "react-router";
import { Loading } from "../components/loading";
import { RouterLink } from "../components/router-link";
import { ParticipantList } from "../features/patients/components/participant-list";
import { usePatientIdTypes, useProgram } from "../features/programs/api";
import { useSession } from "../lib/session-context";

/**
 * /programs/{projectId} and /programs/{projectId}/participants/…: the participant list on the
 * left, the selected patient's area (or the prompt to choose one) on the right.
 */
export const ParticipantsLayoutPage = () => {
  const { projectId = "" } = useParams();
  const { user } = useSession();
  const program = useProgram(projectId);
  const idTypes = usePatientIdTypes();
  if (!user || !program.data) return <Loading />;
  return (
    <Box>
      <Box
        sx={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-start",
          gap: 2,
          flexWrap: "wrap",
          mb: 2,
        }}
      >
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          {program.data.description}
        </Typography>
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button component={RouterLink} to={`/programs/${projectId}/reports`} variant="outlined">
            Reports
          </Button>
          <Button component={RouterLink} to={`/programs/${projectId}/settings/patient-enrolment`} variant="outlined">
            Settings
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "320px minmax(0, 1fr)" } }}>
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
