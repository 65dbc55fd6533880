import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  type CreatePlanInput,
  choiceQuestions,
  createPlanBody,
  questionnaireSettingsLimits as L,
  messages,
  planFrequencies,
  planFrequencyLabels,
  planPeriodUnits,
  type QuestionnaireItem,
  validateCustomQuestionnaire,
} from "@openpro/core";
import { type ReactNode, useState } from "react";
import { type Path, useController, useFieldArray, useFormState, useWatch } from "react-hook-form";
import { z } from "zod";
import { useFormError, useSchemaForm } from "../../../components/form";
import { Loading } from "../../../components/loading";
import { errorMessageAt } from "../../../lib/forms";
import { useCreatePlan, useQuestionnaireItems, useQuestionnaireScheme } from "../api";
import { CatalogueItemCreateForm } from "./catalogue-item-create-form";

interface MemberForm {
  item: string;
  schedulingType: string;
  delay: string;
  delayUnit: string;
  delayType: string;
  conditionType: string;
  questionId: string;
  answer: string;
  responseWindow: string;
  responseWindowUnit: string;
  frequency: string;
  frequencyCustom: string;
  numberToSend: string;
}

const emptyMember = (): MemberForm => ({
  item: "",
  schedulingType: "",
  delay: "0",
  delayUnit: "days",
  delayType: "",
  conditionType: "",
  questionId: "",
  answer: "",
  responseWindow: "1",
  responseWindowUnit: "days",
  frequency: "",
  frequencyCustom: "",
  numberToSend: "1",
});

const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The wire body of the form (numbers as typed; the zod schema says what is wrong with them). */
const toBody = (name: string, members: MemberForm[], items: QuestionnaireItem[]) => ({
  name,
  members: members.map((m, i) => {
    const item = items.find((x) => x.id === m.item);
    const isBatch = item?.type === "batch";
    const conditional = m.schedulingType === "delay_with_condition";
    return {
      order: i + 1,
      memberType: isBatch ? "batch" : "questionnaire",
      questionnaireId: item && !isBatch ? item.id : null,
      questionnaireBatchId: isBatch ? item.id : null,
      ...(i > 0 ? { schedulingType: m.schedulingType || null } : {}),
      delay: i === 0 ? 0 : num(m.delay),
      delayUnit: m.delayUnit,
      ...(conditional
        ? {
            delayType: m.delayType || null,
            conditionType: m.conditionType || null,
            ...(m.conditionType === "question" ? { condition: { questionId: m.questionId, answer: m.answer } } : {}),
          }
        : {}),
      frequency: m.frequency,
      ...(m.frequency === "custom" ? { frequencyCustom: num(m.frequencyCustom) } : {}),
      numberToSend: m.frequency === "0" || m.frequency === "" ? 1 : num(m.numberToSend),
      responseWindow: num(m.responseWindow),
      responseWindowUnit: m.responseWindowUnit,
    };
  }),
});

/**
 * The form's values checked as the wire's body (core's createPlanBody, its messages on the form's paths) and sent
 * as built, numbers as typed.
 */
const planForm = (items: QuestionnaireItem[]) =>
  z
    .object({ name: z.string(), members: z.array(z.custom<MemberForm>()) })
    .superRefine(({ name, members }, ctx) => {
      const parsed = createPlanBody.safeParse(toBody(name, members, items));
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    })
    .transform(({ name, members }) => toBody(name, members, items) as CreatePlanInput);
type PlanValues = z.input<ReturnType<typeof planForm>>;

/** A step's select, bound to the form at `name`; its error is the first at `errorPaths` (the wire's names) if given. */
const Select = ({
  label,
  name,
  errorPaths,
  onChosen,
  children,
  disabled,
}: {
  label: string;
  name: Path<PlanValues>;
  errorPaths?: string[];
  /** After the form took the chosen value (to reset the fields that depend on it). */
  onChosen?: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
}) => {
  const { field } = useController<PlanValues>({ name });
  const { errors } = useFormState<PlanValues>();
  const error = (errorPaths ?? [name]).map((path) => errorMessageAt(errors, path)).find(Boolean);
  return (
    <TextField
      select
      required
      label={label}
      name={field.name}
      value={field.value ?? ""}
      onChange={(e) => {
        field.onChange(e.target.value);
        onChosen?.(e.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!error}
      helperText={error ?? " "}
      fullWidth={false}
      sx={{ minWidth: 220 }}
      disabled={disabled}
    >
      <MenuItem value="">
        <em>Choose…</em>
      </MenuItem>
      {children}
    </TextField>
  );
};

const NumberField = ({ label, name, disabled }: { label: string; name: Path<PlanValues>; disabled?: boolean }) => {
  const { field } = useController<PlanValues>({ name });
  const error = useFormError(name);
  return (
    <TextField
      label={label}
      required
      name={field.name}
      value={field.value ?? ""}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!error}
      helperText={error ?? " "}
      slotProps={{ htmlInput: { inputMode: "numeric" } }}
      fullWidth={false}
      sx={{ width: 160 }}
      disabled={disabled}
    />
  );
};

const unitOptions = planPeriodUnits.map((u) => (
  <MenuItem key={u} value={u}>
    {u[0]!.toUpperCase() + u.slice(1)}
  </MenuItem>
));

/** The question condition: a choice question of the previous (custom) questionnaire, then one of its answers. */
const ConditionFields = ({
  programId,
  previous,
  index,
  questionId,
  onQuestionChosen,
  disabled,
}: {
  programId: string;
  previous: QuestionnaireItem | undefined;
  index: number;
  questionId: string;
  onQuestionChosen: () => void;
  disabled: boolean;
}) => {
  const scheme = useQuestionnaireScheme(programId, previous?.type === "questionnaire" ? previous.id : null);
  const parsed = scheme.data?.specification ? validateCustomQuestionnaire(scheme.data.specification) : null;
  const questions = parsed?.ok ? choiceQuestions(parsed.questionnaire) : [];
  const question = questions.find((q) => q.id === questionId);
  if (previous?.type !== "questionnaire") return <Alert severity="info">{messages.planPreviousNotCustom}</Alert>;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Select
        label="Question"
        name={`members.${index}.questionId`}
        errorPaths={[`members.${index}.condition.questionId`]}
        onChosen={onQuestionChosen}
        disabled={disabled}
      >
        {questions.map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.title}
          </MenuItem>
        ))}
      </Select>
      {question ? (
        <Select
          label="Answer"
          name={`members.${index}.answer`}
          errorPaths={[`members.${index}.condition.answer`]}
          disabled={disabled}
        >
          {question.data.answers.map((a) => (
            <MenuItem key={String(a.value)} value={String(a.value)}>
              {a.label}
            </MenuItem>
          ))}
        </Select>
      ) : null}
    </Stack>
  );
};

/** Create questionnaire plan: a name and steps (2 to begin with), each after a delay or a condition. */
export const PlanCreate = ({ programId, listPath }: { programId: string; listPath: string }) => {
  const items = useQuestionnaireItems(programId);
  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  return <PlanForm programId={programId} listPath={listPath} choices={items.data.filter((i) => i.type !== "plan")} />;
};

const PlanForm = ({
  programId,
  listPath,
  choices,
}: {
  programId: string;
  listPath: string;
  choices: QuestionnaireItem[];
}) => {
  const create = useCreatePlan(programId);
  const [schema] = useState(() => planForm(choices));
  const form = useSchemaForm(schema, {
    name: "",
    members: Array.from({ length: L.planDefaultMembers }, emptyMember),
  });
  const steps = useFieldArray({ control: form.control, name: "members" });
  const members = useWatch({ control: form.control, name: "members" });
  const clear = (paths: Path<PlanValues>[]) => {
    for (const path of paths) form.setValue(path, "", { shouldDirty: true });
  };
  const disabled = create.isPending;

  return (
    <CatalogueItemCreateForm
      title="Create questionnaire plan"
      nameLabel="Plan name"
      nameMaxLength={L.planNameMax}
      nameSx={{ maxWidth: 480 }}
      form={form}
      create={create}
      listPath={listPath}
      failedMessage={messages.planCreateFailed}
      submitLabel="Confirm"
      canAdd={members.length < L.planMaxMembers}
      onAdd={() => steps.append(emptyMember())}
      cancelTitle={messages.planCancelTitle}
      returnLabel="Return to plan"
      maxWidth={960}
    >
      {steps.fields.map((step, i) => {
        const m = members[i] ?? emptyMember();
        const at = (field: keyof MemberForm) => `members.${i}.${field}` as const;
        const conditional = i > 0 && m.schedulingType === "delay_with_condition";
        return (
          <Paper
            key={step.id}
            variant="outlined"
            sx={{ p: 2 }}
            component="fieldset"
            aria-label={`Questionnaire ${i + 1}`}
          >
            <Stack direction="row" sx={{ mb: 2, justifyContent: "space-between", alignItems: "center" }}>
              <Typography component="legend" variant="h3">
                Questionnaire {i + 1}
              </Typography>
              {members.length > L.planMinMembers ? (
                <IconButton aria-label={`Remove questionnaire ${i + 1}`} onClick={() => steps.remove(i)}>
                  <DeleteOutlineIcon />
                </IconButton>
              ) : null}
            </Stack>
            <Stack spacing={1}>
              <Select
                label="Questionnaire"
                name={at("item")}
                errorPaths={[`members.${i}.questionnaireId`, `members.${i}.questionnaireBatchId`]}
                disabled={disabled}
              >
                {choices.map((item) => (
                  <MenuItem key={item.id} value={item.id}>
                    {item.name}
                    {item.type === "batch" ? " (batch)" : ""}
                  </MenuItem>
                ))}
              </Select>
              {i > 0 ? (
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <Select label="Scheduling type" name={at("schedulingType")} disabled={disabled}>
                    <MenuItem value="delay">Delay</MenuItem>
                    <MenuItem value="delay_with_condition">Delay with condition</MenuItem>
                  </Select>
                  <NumberField label="Delay" name={at("delay")} disabled={disabled} />
                  <Select label="Delay unit" name={at("delayUnit")} disabled={disabled}>
                    {unitOptions}
                  </Select>
                </Stack>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Sent first, with no delay.
                </Typography>
              )}
              {conditional ? (
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <Select label="Delay type" name={at("delayType")} disabled={disabled}>
                    <MenuItem value="from_completion">From completion</MenuItem>
                    <MenuItem value="from_delivery">From delivery</MenuItem>
                  </Select>
                  <Select
                    label="Condition type"
                    name={at("conditionType")}
                    onChosen={() => clear([at("questionId"), at("answer")])}
                    disabled={disabled}
                  >
                    <MenuItem value="completion">Completion</MenuItem>
                    <MenuItem value="question">Question</MenuItem>
                  </Select>
                </Stack>
              ) : null}
              {conditional && m.conditionType === "question" ? (
                <ConditionFields
                  programId={programId}
                  previous={choices.find((x) => x.id === members[i - 1]?.item)}
                  index={i}
                  questionId={m.questionId}
                  onQuestionChosen={() => clear([at("answer")])}
                  disabled={disabled}
                />
              ) : null}
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                <NumberField label="Response window" name={at("responseWindow")} disabled={disabled} />
                <Select label="Response window unit" name={at("responseWindowUnit")} disabled={disabled}>
                  {unitOptions}
                </Select>
                <Select
                  label="Frequency"
                  name={at("frequency")}
                  onChosen={(frequency) => {
                    if (frequency === "0") form.setValue(at("numberToSend"), "1", { shouldDirty: true });
                  }}
                  disabled={disabled}
                >
                  {planFrequencies.map((f) => (
                    <MenuItem key={f} value={f}>
                      {planFrequencyLabels[f]}
                    </MenuItem>
                  ))}
                </Select>
                {m.frequency === "custom" ? (
                  <NumberField label="Every how many days" name={at("frequencyCustom")} disabled={disabled} />
                ) : null}
                {m.frequency && m.frequency !== "0" ? (
                  <NumberField label="Number of times to send" name={at("numberToSend")} disabled={disabled} />
                ) : null}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </CatalogueItemCreateForm>
  );
};
