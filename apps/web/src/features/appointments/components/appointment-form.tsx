import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import {
  appointmentLimits,
  appointmentModeLabels,
  appointmentModes,
  appointmentStatuses,
  appointmentStatusLabels,
  appointmentTypeLabels,
  appointmentTypes,
  isAppointmentLocked,
  messages,
  type NurseAppointment,
  wallClockAt,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormDateField } from "../../../components/form-date-field";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { useCreateAppointment, useDeleteAppointment, useUpdateAppointment } from "../api";
import { type AppointmentFormValues, appointmentFormProblems, emptyForm, fieldsOf, formOf } from "./form-rules";

const formFields = ["appointmentType", "date", "startTime", "endTime", "mode", "status", "withWhom"] as const;

/**
 * Create or edit a nurse-visit appointment. All day forces Scheduled; a telephone consultation
 * forces Telephone; an appointment in the past keeps its type, date, time and mode (the server
 * refuses them too) while its status and withWhom stay editable.
 */
export const AppointmentForm = ({
  programId,
  userId,
  zone,
  listPath,
  appointment,
}: {
  programId: string;
  userId: string;
  /** The program's zone: today and the past are judged there. */
  zone: string;
  /** Where Cancel, Save and Delete lead. */
  listPath: string;
  appointment: NurseAppointment | null;
}) => {
  const navigate = useNavigate();
  const create = useCreateAppointment(programId, userId);
  const update = useUpdateAppointment(programId, userId, appointment?.id ?? "");
  const remove = useDeleteAppointment(programId, userId, appointment?.id ?? "");
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const locked = appointment ? appointment.locked || isAppointmentLocked(appointment, zone, new Date()) : false;
  const wallClock = wallClockAt(new Date(), zone);
  const today = wallClock.date;
  const ids = { timeKind: useId(), mode: useId() };

  // Core's appointment rules on the program's clock (form-rules.ts), one message per field, as the form's schema.
  const schema = z.custom<AppointmentFormValues>().superRefine((values, ctx) => {
    for (const p of appointmentFormProblems(values, { zone, now: new Date(), original: appointment }))
      ctx.addIssue({ code: "custom", path: [p.field], message: p.message });
  });
  const form = useSchemaForm(schema, appointment ? formOf(appointment) : emptyForm);
  const { control, watch, setValue, setError, formState } = form;
  const timeKind = watch("timeKind");
  const type = watch("appointmentType");
  const typeLabel = (value: AppointmentFormValues) =>
    value.appointmentType ? appointmentTypeLabels[value.appointmentType] : "Appointment";
  const pending = create.isPending || update.isPending || remove.isPending;
  const leave = () => navigate(listPath, { state: skipLeaveGuard });

  const serverMessage = (error: unknown) => (error instanceof ApiError ? error.message : messages.somethingWentWrong);
  const onSubmit = async (values: AppointmentFormValues) => {
    const fields = fieldsOf(values);
    try {
      if (!appointment) {
        await create.mutateAsync(fields);
        enqueueSnackbar(messages.appointmentScheduled(typeLabel(values)), { variant: "success" });
      } else {
        await update.mutateAsync(locked ? { status: fields.status, withWhom: fields.withWhom } : fields);
        enqueueSnackbar(messages.appointmentEdited(typeLabel(values)), { variant: "success" });
      }
      leave();
    } catch (error) {
      applyFieldErrors(error, setError, formFields);
      enqueueSnackbar(
        appointment
          ? messages.appointmentEditFailed(serverMessage(error))
          : messages.appointmentNotAdded(typeLabel(values)),
        { variant: "error" },
      );
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      enqueueSnackbar(messages.appointmentDeleted, { variant: "success" });
      setDeleting(false);
      leave();
    } catch (error) {
      setDeleting(false);
      enqueueSnackbar(
        error instanceof ApiError && error.message
          ? messages.appointmentDeleteFailed(error.message)
          : messages.appointmentDeleteFailedGeneric,
        { variant: "error" },
      );
    }
  };

  return (
    <Form
      form={form}
      aria-label="Appointment"
      onSubmit={onSubmit}
      sx={{
        display: "grid",
        gap: 2,
        maxWidth: 520,
        // Locked values stay readable (contrast) while disabled.
        "& .MuiInputBase-input.Mui-disabled": { WebkitTextFillColor: "rgba(0, 0, 0, 0.6)" },
        "& .MuiFormLabel-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled": { color: "text.secondary" },
      }}
    >
      <LeaveGuard when={formState.isDirty && !formState.isSubmitSuccessful} />
      {locked ? (
        <Alert severity="info">
          This appointment is in the past: its type, date, time and mode can no longer be changed. Its status and who it
          was with can.
        </Alert>
      ) : null}
      <FormSelectField
        control={control}
        name="appointmentType"
        label="Appointment type"
        required
        disabled={locked}
        onChange={(event) => {
          if (event.target.value === "TELEPHONE_CONSULTATION") setValue("mode", "TELEPHONE", { shouldDirty: true });
        }}
        prompt="Choose a type"
        options={appointmentTypes.map((t) => ({ value: t, label: appointmentTypeLabels[t] }))}
      />
      <FormDateField
        control={control}
        name="date"
        label="Date"
        required
        disabled={locked}
        min={appointment ? undefined : today}
      />
      <Controller
        control={control}
        name="timeKind"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} disabled={locked} required>
            <FormLabel id={ids.timeKind}>Time</FormLabel>
            <RadioGroup
              row
              aria-labelledby={ids.timeKind}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event);
                if (event.target.value === "allDay") setValue("status", "SCHEDULED", { shouldDirty: true });
              }}
            >
              <FormControlLabel value="allDay" control={<Radio />} label="All day" />
              <FormControlLabel value="specific" control={<Radio />} label="Specific time" />
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      {timeKind === "specific" ? (
        <Box sx={{ display: "flex", gap: 2 }}>
          <FormTextField
            control={control}
            name="startTime"
            label="Start time"
            type="time"
            required
            disabled={locked}
            // Today, the earliest start is now (on the program's clock); the rule's own message says so.
            helperText={!locked && watch("date") === today ? messages.appointmentTimeAfter(wallClock.time) : undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: !locked && watch("date") === today ? { min: wallClock.time } : {},
            }}
          />
          <FormTextField
            control={control}
            name="endTime"
            label="End time"
            type="time"
            required
            disabled={locked}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: watch("startTime") || undefined } }}
          />
        </Box>
      ) : null}
      <Controller
        control={control}
        name="mode"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} disabled={locked} required>
            <FormLabel id={ids.mode}>Mode</FormLabel>
            <RadioGroup row aria-labelledby={ids.mode} name={field.name} value={field.value} onChange={field.onChange}>
              {appointmentModes.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio />}
                  label={appointmentModeLabels[m]}
                  disabled={locked || (type === "TELEPHONE_CONSULTATION" && m !== "TELEPHONE")}
                />
              ))}
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <FormSelectField
        control={control}
        name="status"
        label="Status"
        disabled={timeKind === "allDay"}
        helperText={timeKind === "allDay" ? "An all-day appointment is always Scheduled" : undefined}
        options={appointmentStatuses.map((s) => ({ value: s, label: appointmentStatusLabels[s] }))}
      />
      <FormTextField
        control={control}
        name="withWhom"
        label="With whom"
        slotProps={{ htmlInput: { maxLength: appointmentLimits.withWhom } }}
        helperText={`Up to ${appointmentLimits.withWhom} characters`}
      />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <FormSubmitButton pending={pending}>{appointment ? "Save changes" : "Schedule appointment"}</FormSubmitButton>
        <Button onClick={() => (appointment && !formState.isDirty ? leave() : setCancelling(true))} disabled={pending}>
          Cancel
        </Button>
        <Box sx={{ flex: 1 }} />
        {appointment && !locked ? (
          <Button color="error" onClick={() => setDeleting(true)} disabled={pending}>
            Delete appointment
          </Button>
        ) : null}
      </Box>
      <ConfirmDialog
        open={cancelling}
        title={messages.cancelSchedulingTitle}
        confirmLabel="Confirm cancel"
        cancelLabel="Return"
        onConfirm={leave}
        onCancel={() => setCancelling(false)}
      >
        {messages.cancelSchedulingText}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting}
        title="Delete this appointment?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(false)}
      >
        The appointment will be removed from the patient's schedule.
      </ConfirmDialog>
    </Form>
  );
};
