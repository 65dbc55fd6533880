import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { messages, pushSettingsBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useEffect, useId } from "react";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { Loading } from "../../../components/loading";
import { ApiError } from "../../../lib/http";
import { usePushSettings, useSavePushSettings } from "../api";

type QuietHours = z.input<typeof pushSettingsBody>;

/**
 * The program's quiet hours (HAZ-071): reminders pushed to a patient's phone in this window wait until
 * it ends, in the clinic's time zone; a message about an alert is never held. Start equal to end: none.
 */
export const PushQuietHoursCard = ({ programId, editable }: { programId: string; editable: boolean }) => {
  const headingId = useId();
  const settings = usePushSettings(programId);
  if (settings.isPending) return <Loading label="Loading quiet hours" />;
  if (settings.isError) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Quiet hours for reminders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Reminders pushed to patients' phones between these times wait until the quiet hours end (the clinic's time).
        Messages about an alert are always sent at once. The same start and end means no quiet hours.
      </Typography>
      <QuietHoursForm
        programId={programId}
        editable={editable}
        saved={{ quietStart: settings.data.quietStart, quietEnd: settings.data.quietEnd }}
      />
    </Paper>
  );
};

const QuietHoursForm = ({
  programId,
  editable,
  saved,
}: {
  programId: string;
  editable: boolean;
  saved: QuietHours;
}) => {
  const save = useSavePushSettings(programId);
  const form = useSchemaForm(pushSettingsBody, saved);
  const [quietStart, quietEnd] = useWatch({ control: form.control, name: ["quietStart", "quietEnd"] });
  const { reset, formState } = form;
  // Hours read again from the server replace the shown ones unless the user is changing them.
  const { quietStart: savedStart, quietEnd: savedEnd } = saved;
  useEffect(() => {
    if (!formState.isDirty) reset({ quietStart: savedStart, quietEnd: savedEnd });
  }, [savedStart, savedEnd, reset, formState.isDirty]);

  const onSubmit = (values: z.output<typeof pushSettingsBody>) =>
    save.mutateAsync(values).then(
      (next) => {
        form.reset({ quietStart: next.quietStart, quietEnd: next.quietEnd });
        enqueueSnackbar(messages.pushQuietHoursSaved, { variant: "success" });
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.fieldErrors.length) {
          for (const f of e.fieldErrors)
            if (f.field === "quietStart" || f.field === "quietEnd")
              form.setError(f.field, { type: "server", message: f.message });
        } else enqueueSnackbar(messages.oops, { variant: "error" });
      },
    );

  const field = (name: keyof QuietHours, label: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      type="time"
      disabled={!editable || save.isPending}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
      sx={{ width: { xs: "100%", sm: 200 } }}
    />
  );

  return (
    <Form form={form} onSubmit={onSubmit}>
      {quietStart === quietEnd ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No quiet hours: reminders are sent at any time of day or night.
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
        {field("quietStart", "Quiet from")}
        {field("quietEnd", "Quiet until")}
        {editable ? (
          <FormSubmitButton pending={save.isPending} sx={{ mt: 1 }}>
            Save
          </FormSubmitButton>
        ) : null}
      </Box>
    </Form>
  );
};
