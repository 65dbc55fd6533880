import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { readinessTexts } from "@openpro/core";
import { TextLink } from "../../../components/router-link";
import { useProgramReadiness } from "../api";

/**
 * The program's readiness for patients (issue 30 §1), above its settings: each missing item with a
 * link to the tab that fixes it, and the territory defaults its patients get, for the admin to confirm.
 */
export const ReadinessChecklist = ({ programId }: { programId: string }) => {
  const readiness = useProgramReadiness(programId);
  if (!readiness.data) return null;
  const { ready, missing, territoryDefaults, emergencyNumbers } = readiness.data;
  const emergency = emergencyNumbers.map((e) => (e.service ? `${e.number} (${e.service})` : e.number)).join(" or ");
  return (
    <Box component="section" aria-label={readinessTexts.title} sx={{ mb: 3, display: "grid", gap: 1.5 }}>
      {ready ? (
        <Alert severity="success">{readinessTexts.ready}</Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>{readinessTexts.title}</AlertTitle>
          <Typography>{readinessTexts.notReady}</Typography>
          <List dense sx={{ listStyle: "disc", pl: 3 }}>
            {missing.map((item) => (
              <ListItem key={item.key} sx={{ display: "list-item", pl: 0 }}>
                {item.message}{" "}
                <TextLink to={`/programs/${programId}/settings/${item.settingsPath}`}>{readinessTexts.fix}</TextLink>
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Alert severity="info">
        <AlertTitle>{readinessTexts.defaultsTitle}</AlertTitle>
        {readinessTexts.defaults(territoryDefaults, emergency)}
      </Alert>
    </Box>
  );
};
