import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  describeSchedule,
  formFromSchedule,
  type LogType,
  messages,
  type PeriodUnit,
  periodUnits,
  type SymptomReminder,
  scheduleFromForm,
  symptomReminderBody,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormSelectField } from "../../../components/form-select-field";
import { Loading } from "../../../components/loading";
import { errorText, useDeleteSymptomReminder, useSaveSymptomReminder, useSymptomReminders } from "../api";
import { DeleteConfirmDialog } from "./delete-confirm-dialog";

interface FormState {
  logs: LogType[];
  startDay: string;
  durationAmount: string;
  durationPeriod: PeriodUnit | "";
  intervalAmount: string;
  intervalPeriod: PeriodUnit | "";
}
type Errors = Partial<Record<keyof FormState, string>>;

const emptyForm: FormState = {
  logs: [],
  startDay: "1",
  durationAmount: "",
  durationPeriod: "",
  intervalAmount: "",
  intervalPeriod: "",
};

const formOf = (reminder: SymptomReminder, catalogue: LogType[]): FormState => {
  const f = formFromSchedule(reminder.schedule.data);
  return {
    logs: reminder.logs.flatMap((ref) => catalogue.filter((t) => t.identifier === ref.identifier).slice(0, 1)),
    startDay: String(f.startDay),
    durationAmount: f.durationAmount === null ? "" : String(f.durationAmount),
    durationPeriod: f.durationPeriod ?? "",
    intervalAmount: f.intervalAmount === null ? "" : String(f.intervalAmount),
    intervalPeriod: f.intervalPeriod ?? "",
  };
};

const asNumber = (value: string) => (value.trim() === "" ? null : Number(value));
/** The wire's field names (schedule.data.*) back to the form's. */
const formField: Record<string, keyof FormState> = {
  logs: "logs",
  "schedule.data.offsetAmount": "startDay",
  "schedule.data.durationAmount": "durationAmount",
  "schedule.data.durationPeriod": "durationPeriod",
  "schedule.data.intervalAmount": "intervalAmount",
  "schedule.data.intervalPeriod": "intervalPeriod",
};

/** The form checked with the contract's own schema; the start day is sent minus 1. */
const validate = (form: FormState) => {
  const errors: Errors = {};
  const startDay = asNumber(form.startDay);
  if (startDay === null) errors.startDay = messages.reminderStartDayRequired;
  else if (!Number.isInteger(startDay) || startDay < 1) errors.startDay = messages.reminderNumberInvalid;
  const body = {
    logs: form.logs.map((l) => ({ identifier: l.identifier })),
    schedule: {
      type: "interval_schedule" as const,
      data: scheduleFromForm({
        startDay: startDay ?? 1,
        durationAmount: asNumber(form.durationAmount),
        durationPeriod: form.durationPeriod || null,
        intervalAmount: asNumber(form.intervalAmount),
        intervalPeriod: form.intervalPeriod || null,
      }),
    },
  };
  // scheduleFromForm drops a period without its amount; the form still asks for the amount.
  if (form.durationPeriod && body.schedule.data.durationAmount === null)
    errors.durationAmount = messages.reminderNumberInvalid;
  if (form.intervalPeriod && body.schedule.data.intervalAmount === null)
    errors.intervalAmount = messages.reminderNumberInvalid;
  if (form.durationAmount) body.schedule.data.durationPeriod = form.durationPeriod || null;
  if (form.intervalAmount) body.schedule.data.intervalPeriod = form.intervalPeriod || null;
  const parsed = symptomReminderBody.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = formField[issue.path.join(".")] ?? formField[String(issue.path[0])];
      if (key && !errors[key]) errors[key] = issue.message;
    }
  return { errors, body };
};

/** The form's rules (core's symptomReminderBody and its messages on the form's fields); its output is the body. */
const reminderSchema = z.custom<FormState>().transform((form, ctx) => {
  const { errors, body } = validate(form);
  for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [field], message });
  return body;
});

const ReminderDialog = ({
  open,
  programId,
  reminder,
  catalogue,
  onClose,
}: {
  open: boolean;
  programId: string;
  reminder?: SymptomReminder;
  catalogue: LogType[];
  onClose: () => void;
}) => {
  const titleId = useId();
  const save = useSaveSymptomReminder(programId);
  const form = useSchemaForm(reminderSchema, reminder ? formOf(reminder, catalogue) : emptyForm);
  const onSubmit = (body: z.output<typeof reminderSchema>) =>
    save.mutateAsync({ reminderId: reminder?.reminderId, body }).then(
      () => {
        enqueueSnackbar(messages.symptomSaved, { variant: "success" });
        onClose();
      },
      (error: unknown) => {
        enqueueSnackbar(errorText(error), { variant: "error" });
      },
    );
  const period = (key: "durationPeriod" | "intervalPeriod", label: string) => (
    <FormSelectField control={form.control} name={key} label={label} sx={{ minWidth: 140 }}>
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {periodUnits.map((u) => (
        <MenuItem key={u} value={u}>
          {u}
        </MenuItem>
      ))}
    </FormSelectField>
  );
  const amount = (key: "startDay" | "durationAmount" | "intervalAmount", label: string, required = false) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          required={required}
          onChange={(e) => field.onChange(e.target.value.replace(/[^\d]/g, ""))}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 4 } }}
          sx={{ minWidth: 140 }}
        />
      )}
    />
  );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form form={form} onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{reminder ? "Edit symptom reminder" : "Add symptom reminder"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Controller
              control={form.control}
              name="logs"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={catalogue}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  getOptionLabel={(o) => o.name}
                  isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Symptoms"
                      required
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
            {amount("startDay", "Start day (from consent)", true)}
            <Stack direction="row" spacing={1}>
              {amount("intervalAmount", "Repeat every")}
              {period("intervalPeriod", "Interval unit")}
            </Stack>
            <Stack direction="row" spacing={1}>
              {amount("durationAmount", "For")}
              {period("durationPeriod", "Duration unit")}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <FormSubmitButton pending={save.isPending}>Save reminder</FormSubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** What each section of the symptom settings is given: the program, the symptom catalogue, whether it may be edited. */
export interface SymptomSectionProps {
  programId: string;
  catalogue: LogType[];
  editable: boolean;
}

/** Symptom reminders: listed with edit and delete; patients are reminded in the app and by e-mail. */
export const SymptomReminders = ({ programId, catalogue, editable }: SymptomSectionProps) => {
  const list = useSymptomReminders(programId);
  const remove = useDeleteSymptomReminder(programId);
  const [editing, setEditing] = useState<SymptomReminder | "new" | null>(null);
  const [deleting, setDeleting] = useState<SymptomReminder | null>(null);
  const headingId = useId();
  if (list.isPending) return <Loading label="Loading symptom reminders" />;
  if (list.isError) return <Alert severity="error">{errorText(list.error)}</Alert>;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Symptom reminders
      </Typography>
      {list.data.length === 0 ? (
        <Typography color="text.secondary">There are no symptom reminders yet.</Typography>
      ) : (
        <List aria-labelledby={headingId}>
          {list.data.map((r) => {
            const names = r.logs.map((l) => l.name).join(", ");
            return (
              <ListItem
                key={r.reminderId}
                divider
                secondaryAction={
                  editable ? (
                    <Box sx={{ display: "flex", gap: 1 }}>
                      <Button size="small" onClick={() => setEditing(r)} aria-label={`Edit reminder: ${names}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(r)}
                        aria-label={`Delete reminder: ${names}`}
                      >
                        Delete
                      </Button>
                    </Box>
                  ) : null
                }
              >
                <ListItemText primary={names} secondary={describeSchedule(r.schedule.data)} sx={{ pr: 18 }} />
              </ListItem>
            );
          })}
        </List>
      )}
      {editable ? (
        <Button variant="outlined" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing("new")}>
          Add reminder
        </Button>
      ) : null}
      {editing ? (
        <ReminderDialog
          open
          programId={programId}
          reminder={editing === "new" ? undefined : editing}
          catalogue={catalogue}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteConfirmDialog
        id={deleting?.reminderId ?? null}
        title="Delete reminder?"
        remove={remove}
        deletedMessage={messages.symptomDeleted}
        onClose={() => setDeleting(null)}
      >
        Patients will no longer be reminded to log these symptoms.
      </DeleteConfirmDialog>
    </Paper>
  );
};
