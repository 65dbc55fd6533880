import { Box, Button, Paper, TextField, Typography } from "@mui/material";
import { alertSettingsBody, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { Loading } from "../../../components/loading";
import { alertErrorText, useAlertSettings, useSaveAlertSettings } from "../api";

/** The program's escalation delay: an alert still Open this long is e-mailed to the program admins. */
export const AlertSettingsCard = ({ programId, editable }: { programId: string; editable: boolean }) => {
  const headingId = useId();
  const settings = useAlertSettings(programId);
  const save = useSaveAlertSettings(programId);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (settings.isPending) return <Loading label="Loading alert settings" />;
  if (settings.isError) return null;
  const shown = value ?? String(settings.data.escalationMinutes);
  const onSave = () => {
    const parsed = alertSettingsBody.safeParse({ escalationMinutes: shown === "" ? undefined : Number(shown) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.escalationMinutesInvalid);
    setError(undefined);
    save.mutate(parsed.data.escalationMinutes, {
      onSuccess: () => {
        setValue(null);
        enqueueSnackbar(messages.alertSettingsSaved, { variant: "success" });
      },
      onError: (e) => enqueueSnackbar(alertErrorText(e), { variant: "error" }),
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Alert escalation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An alert nobody has taken after this many minutes is e-mailed to the program admins.
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          label="Escalation delay (minutes)"
          value={shown}
          disabled={!editable || save.isPending}
          onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ""))}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
        />
        {editable ? (
          <Button variant="contained" onClick={onSave} disabled={value === null || save.isPending} sx={{ mt: 1 }}>
            Save
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
};
