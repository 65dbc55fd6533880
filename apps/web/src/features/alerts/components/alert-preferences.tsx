import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId } from "react";
import { Loading } from "../../../components/loading";
import { alertErrorText, useAlertPreferences, useSaveAlertPreferences } from "../api";

/** A per-user setting: e-mail me when an alert is raised in one of my programs (a link only). */
export const AlertPreferences = () => {
  const headingId = useId();
  const preferences = useAlertPreferences();
  const save = useSaveAlertPreferences();
  if (preferences.isPending) return <Loading label="Loading alert e-mail setting" />;
  if (preferences.isError) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: "1.25rem", mb: 1 }}>
        Alert e-mails
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={preferences.data.emailOnNewAlert}
            disabled={save.isPending}
            onChange={(e) =>
              save.mutate(e.target.checked, {
                onSuccess: () => enqueueSnackbar(messages.settingsUpdated, { variant: "success" }),
                onError: (error) => enqueueSnackbar(alertErrorText(error), { variant: "error" }),
              })
            }
          />
        }
        label="E-mail me when a patient alert is raised in one of my programs"
      />
      <Typography variant="body2" color="text.secondary">
        The e-mail holds a link to the alert only, never the patient's details.
      </Typography>
    </Paper>
  );
};
