import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import { questionnaireScheduleLimits as L, messages, patientStartDateRange, scheduleItemTypes } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type ComponentProps, useId, useState } from "react";
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
import { useCreateSchedule, useScheduleItems } from "../api";
import {
  emptyScheduleForm,
  type FormContext,
  frequencyChoices,
  type ScheduleFormValues,
  scheduleBody,
  scheduleFormProblems,
  typeLabels,
  typePlurals,
} from "./form-rules";

const fields = [
  "type",
  "itemId",
  "startDay",
  "startDate",
  "responseWindow",
  "frequency",
  "customFrequency",
  "numberToSend",
  "instructionsForPatient",
] as const;
const serverFields: Record<string, (typeof fields)[number]> = {
  questionnaireTypeId: "itemId",
  questionnaireBatchId: "itemId",
  questionnairePlanId: "itemId",
  customFrequency: "customFrequency",
};

/** A required whole number of at least 1 (and at most `max`), typed on the number keyboard. */
const CountField = ({
  max,
  ...props
}: Omit<ComponentProps<typeof FormTextField<ScheduleFormValues>>, "type" | "required" | "slotProps"> & {
  max?: number;
}) => (
  <FormTextField
    {...props}
    type="number"
    required
    slotProps={{ htmlInput: { min: 1, ...(max === undefined ? {} : { max }), inputMode: "numeric" } }}
  />
);

/**
 * The scheduling form: the program-level wizard (audience all: start day after consent, steps
 * "What" and "When") and a patient's form (a start date from the consent day, 29 days back at
 * most, to 180 days ahead). Changing the type resets the item and the frequency; Once sends one;
 * the times-to-send field shows only for a repeating frequency. Leaving with changes asks first.
 */
export const ScheduleForm = ({
  programId,
  context,
  userId,
  listPath,
}: {
  programId: string;
  context: FormContext;
  userId?: string;
  listPath: string;
}) => {
  const navigate = useNavigate();
  const create = useCreateSchedule(programId);
  const [cancelling, setCancelling] = useState(false);
  const [step, setStep] = useState(0);
  const ids = { scheduleType: useId() };
  const wizard = context.audience === "all";

  // The scheduling rules (form-rules.ts, core's limits), one message per field, as the form's schema.
  const schema = z.custom<ScheduleFormValues>().superRefine((values, ctx) => {
    for (const p of scheduleFormProblems(values, context))
      ctx.addIssue({ code: "custom", path: [p.field], message: p.message });
  });
  const form = useSchemaForm(schema, {
    ...emptyScheduleForm,
    startDate: context.audience === "user" ? (context.today ?? "") : "",
  });
  const { control, watch, setValue, setError, formState, trigger } = form;
  const type = watch("type");
  const frequency = watch("frequency");
  const scheduleType = watch("scheduleType");
  const items = useScheduleItems(programId, type);
  const noItems = Boolean(type) && items.isSuccess && items.data.length === 0;
  const range =
    context.audience === "user" && context.consentDate && context.today
      ? patientStartDateRange(context.consentDate, context.today)
      : null;
  const leave = () => navigate(listPath, { state: skipLeaveGuard });

  const onSubmit = async (values: ScheduleFormValues) => {
    try {
      const created = await create.mutateAsync(scheduleBody(values, { ...context, userId }));
      enqueueSnackbar(messages.qsScheduled(created.name), { variant: "success" });
      leave();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        for (const fe of error.fieldErrors) {
          const target = serverFields[fe.field];
          if (target) setError(target, { type: "server", message: fe.message });
        }
      }
      applyFieldErrors(error, setError, fields);
      enqueueSnackbar(messages.qsScheduleFailed, { variant: "error" });
    }
  };

  const whatStep = (
    <>
      <FormSelectField
        control={control}
        name="type"
        label="Questionnaire type"
        required
        onChange={() => {
          setValue("itemId", "", { shouldDirty: true });
          setValue("frequency", "", { shouldDirty: true });
          setValue("numberToSend", "1", { shouldDirty: true });
        }}
        prompt="Choose a type"
        options={scheduleItemTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
      />
      <FormSelectField
        control={control}
        name="itemId"
        label="Questionnaire"
        required
        disabled={!type || noItems}
        prompt="Choose a questionnaire"
        options={(items.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
      />
      {noItems && type ? <Alert severity="info">{messages.qsNoItems(typePlurals[type])}</Alert> : null}
    </>
  );

  const whenStep = (
    <>
      {wizard ? (
        <Controller
          control={control}
          name="scheduleType"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={ids.scheduleType}>Schedule</FormLabel>
              <RadioGroup
                row
                aria-labelledby={ids.scheduleType}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
              >
                <FormControlLabel value="RECURRING" control={<Radio />} label="Recurring" />
                <FormControlLabel value="ALWAYS_ON" control={<Radio />} label="Always on" />
              </RadioGroup>
            </FormControl>
          )}
        />
      ) : null}
      {wizard ? (
        <CountField control={control} name="startDay" label="Start day (1 = the day of consent)" />
      ) : (
        <FormDateField
          control={control}
          name="startDate"
          label="Start date"
          required
          min={range?.min}
          max={range?.max}
        />
      )}
      <FormTextField
        control={control}
        name="responseWindow"
        label="Response window (days)"
        type="number"
        required
        helperText={`Between ${L.responseWindowMin} and ${L.responseWindowMax} days`}
        slotProps={{ htmlInput: { min: L.responseWindowMin, max: L.responseWindowMax, inputMode: "numeric" } }}
      />
      {scheduleType === "ALWAYS_ON" ? (
        <FormTextField
          control={control}
          name="instructionsForPatient"
          label="Instructions for the patient"
          multiline
          minRows={2}
          helperText={`Up to ${L.instructionsMax} characters`}
          slotProps={{ htmlInput: { maxLength: L.instructionsMax } }}
        />
      ) : type === "plan" ? (
        <Alert severity="info">A plan sends its questionnaires with the frequencies and delays set in the plan.</Alert>
      ) : (
        <>
          <FormSelectField
            control={control}
            name="frequency"
            label="Frequency"
            required
            onChange={(event) => {
              if (event.target.value === "0") setValue("numberToSend", "1", { shouldDirty: true });
              if (event.target.value === "1" && Number(watch("numberToSend")) < 2) {
                setValue("numberToSend", "2", { shouldDirty: true });
              }
            }}
            prompt="Choose a frequency"
            options={frequencyChoices}
          />
          {frequency === "custom" ? (
            <CountField control={control} name="customFrequency" label="Every how many days" />
          ) : null}
          {frequency && frequency !== "0" ? (
            <CountField control={control} name="numberToSend" label="Number of times to send" max={L.numberToSendMax} />
          ) : null}
        </>
      )}
    </>
  );

  const next = async () => {
    if (await trigger(["type", "itemId"])) setStep(1);
  };

  return (
    <Form form={form} onSubmit={onSubmit} sx={{ display: "grid", gap: 2, maxWidth: 520 }}>
      <LeaveGuard when={formState.isDirty && !formState.isSubmitSuccessful} />
      {wizard ? (
        <Stepper activeStep={step} aria-label="Scheduling steps">
          <Step>
            <StepLabel>What to send</StepLabel>
          </Step>
          <Step>
            <StepLabel>When to send it</StepLabel>
          </Step>
        </Stepper>
      ) : null}
      {!wizard || step === 0 ? whatStep : null}
      {!wizard || step === 1 ? whenStep : null}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {wizard && step === 0 ? (
          <Button variant="contained" onClick={next} disabled={noItems}>
            Next
          </Button>
        ) : (
          <>
            {wizard ? <Button onClick={() => setStep(0)}>Back</Button> : null}
            <FormSubmitButton pending={create.isPending} disabled={noItems}>
              Schedule
            </FormSubmitButton>
          </>
        )}
        <Button onClick={() => (formState.isDirty ? setCancelling(true) : leave())} disabled={create.isPending}>
          Cancel
        </Button>
      </Box>
      <ConfirmDialog
        open={cancelling}
        title={wizard ? messages.qsCancelTitle : messages.cancelSchedulingTitle}
        confirmLabel="Confirm cancel"
        cancelLabel="Return"
        onConfirm={leave}
        onCancel={() => setCancelling(false)}
      >
        {messages.cancelSchedulingText}
      </ConfirmDialog>
    </Form>
  );
};
