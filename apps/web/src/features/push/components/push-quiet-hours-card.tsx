import { Alert, Box, Button, Paper, TextField, Typography } from "@mui/material";
import { messages, pushSettingsBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { Loading } from "../../../components/loading";
import { ApiError } from "../../../lib/http";
import { usePushSettings, useSavePushSettings } from "../api";

type Field = "quietStart" | "quietEnd";

/**
 * The program's quiet hours (HAZ-071): reminders pushed to a patient's phone in this window wait until
 * it ends, in the clinic's time zone; a message about an alert is never held. Start equal to end: none.
 */
export const PushQuietHoursCard = ({ programId, editable }: { programId: string; editable: boolean }) => {
  const headingId = useId();
  const settings = usePushSettings(programId);
  const save = useSavePushSettings(programId);
  const [draft, setDraft] = useState<Record<Field, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  if (settings.isPending) return <Loading label="Loading quiet hours" />;
  if (settings.isError) return null;
  const shown = draft ?? { quietStart: settings.data.quietStart, quietEnd: settings.data.quietEnd };
  const changed =
    draft !== null && (draft.quietStart !== settings.data.quietStart || draft.quietEnd !== settings.data.quietEnd);

  const onSave = () => {
    const parsed = pushSettingsBody.safeParse(shown);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(null);
        enqueueSnackbar(messages.pushQuietHoursSaved, { variant: "success" });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fieldErrors.length) {
          const next: Partial<Record<Field, string>> = {};
          for (const f of e.fieldErrors)
            if (f.field === "quietStart" || f.field === "quietEnd") next[f.field] = f.message;
          setErrors(next);
        } else enqueueSnackbar(messages.oops, { variant: "error" });
      },
    });
  };

  const field = (name: Field, label: string) => (
    <TextField
      label={label}
      type="time"
      value={shown[name]}
      disabled={!editable || save.isPending}
      onChange={(e) => setDraft({ ...shown, [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
      sx={{ width: { xs: "100%", sm: 200 } }}
    />
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Quiet hours for reminders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Reminders pushed to patients' phones between these times wait until the quiet hours end (the clinic's time).
        Messages about an alert are always sent at once. The same start and end means no quiet hours.
      </Typography>
      {shown.quietStart === shown.quietEnd ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No quiet hours: reminders are sent at any time of day or night.
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
        {field("quietStart", "Quiet from")}
        {field("quietEnd", "Quiet until")}
        {editable ? (
          <Button variant="contained" onClick={onSave} disabled={!changed || save.isPending} sx={{ mt: 1 }}>
            Save
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
};
