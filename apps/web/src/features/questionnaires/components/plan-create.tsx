import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import {
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
import { enqueueSnackbar } from "notistack";
import { type ReactNode, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { Loading } from "../../../components/loading";
import { fieldMessages, useCreatePlan, useQuestionnaireItems, useQuestionnaireScheme } from "../api";
import { useUnloadGuard } from "./batch-create";

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

const Select = ({
  label,
  value,
  onChange,
  error,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  children: ReactNode;
  disabled?: boolean;
}) => (
  <TextField
    select
    required
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
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

const NumberField = ({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled?: boolean;
}) => (
  <TextField
    label={label}
    required
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={!!error}
    helperText={error ?? " "}
    slotProps={{ htmlInput: { inputMode: "numeric" } }}
    fullWidth={false}
    sx={{ width: 160 }}
    disabled={disabled}
  />
);

const unitOptions = planPeriodUnits.map((u) => (
  <MenuItem key={u} value={u}>
    {u[0]!.toUpperCase() + u.slice(1)}
  </MenuItem>
));

/** The question condition: a choice question of the previous (custom) questionnaire, then one of its answers. */
const ConditionFields = ({
  programId,
  previous,
  member,
  set,
  errorOf,
  disabled,
}: {
  programId: string;
  previous: QuestionnaireItem | undefined;
  member: MemberForm;
  set: (change: Partial<MemberForm>) => void;
  errorOf: (field: string) => string | undefined;
  disabled: boolean;
}) => {
  const scheme = useQuestionnaireScheme(programId, previous?.type === "questionnaire" ? previous.id : null);
  const parsed = scheme.data?.specification ? validateCustomQuestionnaire(scheme.data.specification) : null;
  const questions = parsed?.ok ? choiceQuestions(parsed.questionnaire) : [];
  const question = questions.find((q) => q.id === member.questionId);
  if (previous?.type !== "questionnaire") return <Alert severity="info">{messages.planPreviousNotCustom}</Alert>;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Select
        label="Question"
        value={member.questionId}
        onChange={(questionId) => set({ questionId, answer: "" })}
        error={errorOf("condition.questionId")}
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
          value={member.answer}
          onChange={(answer) => set({ answer })}
          error={errorOf("condition.answer")}
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
  const navigate = useNavigate();
  const titleId = useId();
  const items = useQuestionnaireItems(programId);
  const create = useCreatePlan(programId);
  const [name, setName] = useState("");
  const [members, setMembers] = useState<MemberForm[]>(() => Array.from({ length: L.planDefaultMembers }, emptyMember));
  const [submitted, setSubmitted] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const dirty = name !== "" || members.some((m) => JSON.stringify(m) !== JSON.stringify(emptyMember()));
  useUnloadGuard(dirty && !create.isSuccess);

  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  const choices = items.data.filter((i) => i.type !== "plan");
  const body = toBody(name, members, choices);
  const parsed = createPlanBody.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  for (const [field, message] of Object.entries(fieldMessages(create.error))) errors[field] ??= message;
  const shown = (field: string) => (submitted || create.isError ? errors[field] : undefined);

  const submit = () => {
    setSubmitted(true);
    if (!parsed.success) return;
    create.mutate(body as never, {
      onSuccess: (plan) => {
        enqueueSnackbar(messages.questionnaireCreated(plan.name), { variant: "success" });
        navigate(`${listPath}#${plan.id}`, { state: skipLeaveGuard });
      },
    });
  };
  const update = (index: number, change: Partial<MemberForm>) =>
    setMembers((list) => list.map((m, i) => (i === index ? { ...m, ...change } : m)));

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 960 }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
        Create questionnaire plan
      </Typography>
      <Stack
        spacing={3}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Plan name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: L.planNameMax } }}
          error={!!shown("name")}
          helperText={shown("name") ?? " "}
          sx={{ maxWidth: 480 }}
          disabled={create.isPending}
        />
        {members.map((m, i) => {
          const errorOf = (field: string) => shown(`members.${i}.${field}`);
          const itemError = errorOf("questionnaireId") ?? errorOf("questionnaireBatchId");
          const set = (change: Partial<MemberForm>) => update(i, change);
          const disabled = create.isPending;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are positions in the plan
            <Paper key={i} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`Questionnaire ${i + 1}`}>
              <Stack direction="row" sx={{ mb: 2, justifyContent: "space-between", alignItems: "center" }}>
                <Typography component="legend" variant="h3">
                  Questionnaire {i + 1}
                </Typography>
                {members.length > L.planMinMembers ? (
                  <IconButton
                    aria-label={`Remove questionnaire ${i + 1}`}
                    onClick={() => setMembers((list) => list.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                ) : null}
              </Stack>
              <Stack spacing={1}>
                <Select
                  label="Questionnaire"
                  value={m.item}
                  onChange={(item) => set({ item })}
                  error={itemError}
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
                    <Select
                      label="Scheduling type"
                      value={m.schedulingType}
                      onChange={(schedulingType) => set({ schedulingType })}
                      error={errorOf("schedulingType")}
                      disabled={disabled}
                    >
                      <MenuItem value="delay">Delay</MenuItem>
                      <MenuItem value="delay_with_condition">Delay with condition</MenuItem>
                    </Select>
                    <NumberField
                      label="Delay"
                      value={m.delay}
                      onChange={(delay) => set({ delay })}
                      error={errorOf("delay")}
                      disabled={disabled}
                    />
                    <Select
                      label="Delay unit"
                      value={m.delayUnit}
                      onChange={(delayUnit) => set({ delayUnit })}
                      error={errorOf("delayUnit")}
                      disabled={disabled}
                    >
                      {unitOptions}
                    </Select>
                  </Stack>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Sent first, with no delay.
                  </Typography>
                )}
                {i > 0 && m.schedulingType === "delay_with_condition" ? (
                  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                    <Select
                      label="Delay type"
                      value={m.delayType}
                      onChange={(delayType) => set({ delayType })}
                      error={errorOf("delayType")}
                      disabled={disabled}
                    >
                      <MenuItem value="from_completion">From completion</MenuItem>
                      <MenuItem value="from_delivery">From delivery</MenuItem>
                    </Select>
                    <Select
                      label="Condition type"
                      value={m.conditionType}
                      onChange={(conditionType) => set({ conditionType, questionId: "", answer: "" })}
                      error={errorOf("conditionType")}
                      disabled={disabled}
                    >
                      <MenuItem value="completion">Completion</MenuItem>
                      <MenuItem value="question">Question</MenuItem>
                    </Select>
                  </Stack>
                ) : null}
                {i > 0 && m.schedulingType === "delay_with_condition" && m.conditionType === "question" ? (
                  <ConditionFields
                    programId={programId}
                    previous={choices.find((x) => x.id === members[i - 1]?.item)}
                    member={m}
                    set={set}
                    errorOf={errorOf}
                    disabled={disabled}
                  />
                ) : null}
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <NumberField
                    label="Response window"
                    value={m.responseWindow}
                    onChange={(responseWindow) => set({ responseWindow })}
                    error={errorOf("responseWindow")}
                    disabled={disabled}
                  />
                  <Select
                    label="Response window unit"
                    value={m.responseWindowUnit}
                    onChange={(responseWindowUnit) => set({ responseWindowUnit })}
                    error={errorOf("responseWindowUnit")}
                    disabled={disabled}
                  >
                    {unitOptions}
                  </Select>
                  <Select
                    label="Frequency"
                    value={m.frequency}
                    onChange={(frequency) => set({ frequency, ...(frequency === "0" ? { numberToSend: "1" } : {}) })}
                    error={errorOf("frequency")}
                    disabled={disabled}
                  >
                    {planFrequencies.map((f) => (
                      <MenuItem key={f} value={f}>
                        {planFrequencyLabels[f]}
                      </MenuItem>
                    ))}
                  </Select>
                  {m.frequency === "custom" ? (
                    <NumberField
                      label="Every how many days"
                      value={m.frequencyCustom}
                      onChange={(frequencyCustom) => set({ frequencyCustom })}
                      error={errorOf("frequencyCustom")}
                      disabled={disabled}
                    />
                  ) : null}
                  {m.frequency && m.frequency !== "0" ? (
                    <NumberField
                      label="Number of times to send"
                      value={m.numberToSend}
                      onChange={(numberToSend) => set({ numberToSend })}
                      error={errorOf("numberToSend")}
                      disabled={disabled}
                    />
                  ) : null}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
        {shown("members") ? <Alert severity="error">{shown("members")}</Alert> : null}
        {members.length < L.planMaxMembers ? (
          <Box>
            <Button onClick={() => setMembers((list) => [...list, emptyMember()])}>+ Add questionnaire</Button>
          </Box>
        ) : null}
        {create.isError && !Object.keys(fieldMessages(create.error)).length ? (
          <Alert severity="error">{messages.planCreateFailed}</Alert>
        ) : null}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Confirm
          </Button>
          <Button onClick={() => setCancelling(true)} disabled={create.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={cancelling}
        title={messages.planCancelTitle}
        confirmLabel="Confirm cancel"
        cancelLabel="Return to plan"
        onConfirm={() => navigate(listPath, { state: skipLeaveGuard })}
        onCancel={() => setCancelling(false)}
      >
        {messages.batchCancelText}
      </ConfirmDialog>
      <LeaveGuard when={dirty && !create.isSuccess} />
    </Box>
  );
};
