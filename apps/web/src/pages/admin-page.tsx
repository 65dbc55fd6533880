import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { shellRules } from "@openpro/core";
import { PageTitle } from "../components/page-title";
import { AppVersionForm } from "../features/admin/components/app-version-form";
import { EndProgramForm } from "../features/admin/components/end-program-form";
import { useSession } from "../lib/session-context";
import { NotFoundPage } from "./not-found-page";

/** /admin, admins only (others see the 404 page). */
export const AdminPage = () => {
  const { user } = useSession();
  if (!shellRules.canOpenAdmin(user)) return <NotFoundPage />;
  return (
    <>
      <PageTitle>Admin</PageTitle>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <AppVersionForm />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <EndProgramForm />
        </Paper>
      </Box>
    </>
  );
};
