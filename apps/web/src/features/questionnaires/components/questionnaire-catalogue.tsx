import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import {
  type CustomQuestionnaire,
  can,
  choiceQuestions,
  type Grants,
  type HardcodedScheme,
  messages,
  type PlanMember,
  planFrequencyLabels,
  type QuestionnaireItem,
  type QuestionnaireItemType,
  validateCustomQuestionnaire,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { ApiError } from "../../../lib/http";
import {
  useDeleteCatalogueItem,
  useQuestionnaireBatch,
  useQuestionnaireItems,
  useQuestionnairePlan,
  useQuestionnaireScheme,
} from "../api";
import { questionTypeLabels } from "./question-types";

const groups: { type: QuestionnaireItemType; label: string }[] = [
  { type: "questionnaire", label: "Questionnaires" },
  { type: "plan", label: "Plans" },
  { type: "batch", label: "Batches" },
  { type: "hardcoded", label: "Licensed questionnaires" },
];

const CustomPreview = ({ questionnaire, byId }: { questionnaire: CustomQuestionnaire; byId: Map<string, string> }) => (
  <Stack spacing={2}>
    {questionnaire.introductionText?.map((p) => (
      <Typography key={p}>{p}</Typography>
    ))}
    <Box component="ol" sx={{ pl: 3, m: 0 }}>
      {questionnaire.questions.map((q) => (
        <Box component="li" key={q.id} sx={{ mb: 1.5 }}>
          <Typography component="div" sx={{ fontWeight: 600 }}>
            {q.title} <Chip size="small" label={questionTypeLabels[q.type]} sx={{ ml: 1 }} />
            {q.required ? <Chip size="small" variant="outlined" label="Required" sx={{ ml: 1 }} /> : null}
          </Typography>
          {q.section !== undefined ? (
            <Typography variant="body2" color="text.secondary">
              Section: {String(q.section)}
            </Typography>
          ) : null}
          {q.type === "choice" || q.type === "multipleStringChoice" ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {q.data.answers.map((a) => (
                <li key={String(a.value)}>
                  {a.label} ({String(a.value)})
                  {a.nextQuestion ? ` → goes to "${byId.get(a.nextQuestion) ?? a.nextQuestion}"` : ""}
                </li>
              ))}
            </Box>
          ) : null}
          {q.type === "helpText"
            ? q.data.text.map((p) => (
                <Typography key={p} variant="body2">
                  {p}
                </Typography>
              ))
            : null}
          {q.type === "range" ? (
            <Typography variant="body2">
              From {q.data.min} to {q.data.max}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  </Stack>
);

/** A licensed instrument: item codes and scale labels; the wording only when the licence file is installed. */
export const HardcodedPreview = ({ instrument }: { instrument: HardcodedScheme }) => (
  <Stack spacing={2}>
    {!instrument.licensedWordingInstalled ? (
      <Alert severity="info">{messages.licensedWordingNotInstalled}</Alert>
    ) : null}
    <Typography variant="body2" color="text.secondary">
      Version {instrument.version} · {instrument.licensedBy}
    </Typography>
    <Table size="small" aria-label="Items">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell>
          {instrument.licensedWordingInstalled ? <TableCell>Question</TableCell> : null}
          <TableCell>Answers</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {instrument.items.map((item) => (
          <TableRow key={item.code}>
            <TableCell component="th" scope="row">
              {item.code}
            </TableCell>
            {instrument.licensedWordingInstalled ? <TableCell>{item.text ?? "—"}</TableCell> : null}
            <TableCell>
              {item.answers.length > 12
                ? `${item.answers[0]!.label} to ${item.answers.at(-1)!.label}`
                : item.answers.map((a) => a.label).join(" · ")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Stack>
);

const SchemeDetail = ({
  programId,
  item,
  editPath,
}: {
  programId: string;
  item: QuestionnaireItem;
  editPath?: string;
}) => {
  const scheme = useQuestionnaireScheme(programId, item.id);
  if (scheme.isPending) return <Loading />;
  if (scheme.isError) return <Alert severity="error">{messages.qsFetchQuestionsFailed}</Alert>;
  const data = scheme.data;
  if (data.instrument) return <HardcodedPreview instrument={data.instrument} />;
  const parsed = validateCustomQuestionnaire(data.specification);
  if (!parsed.ok) return <Alert severity="error">{messages.qsFetchQuestionsFailed}</Alert>;
  const byId = new Map(parsed.questionnaire.questions.map((q) => [q.id, q.title]));
  return (
    <Stack spacing={2}>
      {editPath ? (
        <Box>
          <Button component={RouterLink} to={editPath} variant="outlined">
            Edit questionnaire
          </Button>
        </Box>
      ) : null}
      <CustomPreview questionnaire={parsed.questionnaire} byId={byId} />
    </Stack>
  );
};

const BatchDetail = ({ programId, id }: { programId: string; id: string }) => {
  const batch = useQuestionnaireBatch(programId, id);
  if (batch.isPending) return <Loading />;
  if (batch.isError) return <Alert severity="error">{messages.batchDetailsFailed}</Alert>;
  return (
    <Box component="ol" sx={{ pl: 3 }} aria-label="Questionnaires in this batch">
      {batch.data.members.map((m) => (
        <li key={m.order}>{m.name}</li>
      ))}
    </Box>
  );
};

const unitOf = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;

/**
 * A question condition in words: the question's title and the answer's label, read from the
 * previous step's questionnaire ("if pain = 1" told a nurse nothing). Ids only while it loads or
 * when that questionnaire no longer has them.
 */
export const PlanConditionText = ({
  programId,
  previous,
  condition,
}: {
  programId: string;
  previous: PlanMember | undefined;
  condition: { questionId: string; answer: string };
}) => {
  const scheme = useQuestionnaireScheme(programId, previous?.questionnaireId ?? null);
  const parsed = scheme.data?.specification ? validateCustomQuestionnaire(scheme.data.specification) : null;
  const question = parsed?.ok ? choiceQuestions(parsed.questionnaire).find((q) => q.id === condition.questionId) : null;
  const answer = question?.data.answers.find((a) => String(a.value) === condition.answer);
  return (
    <>{`, if the answer to “${question?.title ?? condition.questionId}” is “${answer?.label ?? condition.answer}”`}</>
  );
};

const PlanDetail = ({ programId, id }: { programId: string; id: string }) => {
  const plan = useQuestionnairePlan(programId, id);
  if (plan.isPending) return <Loading />;
  if (plan.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  return (
    <Table size="small" aria-label="Plan steps">
      <TableHead>
        <TableRow>
          <TableCell>Step</TableCell>
          <TableCell>Sends</TableCell>
          <TableCell>When</TableCell>
          <TableCell>Frequency</TableCell>
          <TableCell>Response window</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {plan.data.members.map((m) => (
          <TableRow key={m.order}>
            <TableCell>{m.order}</TableCell>
            <TableCell>
              {m.name}
              {m.memberType === "batch" ? " (batch)" : ""}
            </TableCell>
            <TableCell>
              {m.order === 1
                ? "First"
                : m.schedulingType === "delay"
                  ? `${unitOf(m.delay, m.delayUnit)} after the previous questionnaire`
                  : `${unitOf(m.delay, m.delayUnit)} ${m.delayType === "from_delivery" ? "after delivery" : "after completion"}`}
              {m.order !== 1 && m.schedulingType !== "delay" && m.conditionType === "question" && m.condition ? (
                <PlanConditionText
                  programId={programId}
                  previous={plan.data.members.find((p) => p.order === m.order - 1)}
                  condition={m.condition}
                />
              ) : m.order !== 1 && m.schedulingType !== "delay" && m.conditionType === "completion" ? (
                ", if completed"
              ) : null}
            </TableCell>
            <TableCell>
              {m.frequency === "custom" ? `Every ${m.frequencyCustom} days` : planFrequencyLabels[m.frequency]}
              {m.frequency !== "0" ? `, ${m.numberToSend} times` : ""}
            </TableCell>
            <TableCell>{unitOf(m.responseWindow, m.responseWindowUnit)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * Delete a custom questionnaire, batch or plan, after a confirm. The server refuses (409) while the
 * item is used or once it has been sent; its message, naming where, is shown as it is: nothing more
 * destructive is offered.
 */
const DeleteItem = ({
  programId,
  item,
  onDeleted,
}: {
  programId: string;
  item: QuestionnaireItem & { type: "questionnaire" | "batch" | "plan" };
  onDeleted: () => void;
}) => {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCatalogueItem(programId);
  const refusal =
    remove.error instanceof ApiError && remove.error.status === 409
      ? remove.error.message
      : remove.error
        ? messages.catalogueDeleteFailed
        : null;
  return (
    <>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete {item.type}
        </Button>
      </Box>
      <ConfirmDialog
        open={open}
        title={messages.catalogueDeleteTitle(item.type, item.name)}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          // Awaited here, not in mutate's callbacks: the refreshed list unmounts this pane first.
          try {
            await remove.mutateAsync({ type: item.type, id: item.id });
            enqueueSnackbar(messages.catalogueDeleted(item.name), { variant: "success" });
            onDeleted();
          } catch {
            // The refusal is shown above the button (remove.error).
          } finally {
            setOpen(false);
          }
        }}
      >
        {messages.catalogueDeleteText}
      </ConfirmDialog>
    </>
  );
};

const deletable = (item: QuestionnaireItem): item is QuestionnaireItem & { type: "questionnaire" | "batch" | "plan" } =>
  item.type !== "hardcoded";

/**
 * Create/View: an accordion of the program's questionnaires, plans, batches and licensed
 * instruments, and a pane with the one selected (its id is the URL's hash: custom#{itemId}).
 */
export const QuestionnaireCatalogue = ({
  programId,
  actor,
  basePath,
}: {
  programId: string;
  actor: Grants;
  /** …/settings/questionnaires */
  basePath: string;
}) => {
  const items = useQuestionnaireItems(programId);
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selectedId = decodeURIComponent(hash.replace(/^#/, ""));
  const mayCreate = can(actor, "create_custom_questionnaire_types");
  const mayView = can(actor, "view_custom_questionnaire_types");
  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  const selected = items.data.find((i) => i.id === selectedId) ?? null;

  return (
    <Stack spacing={2}>
      {mayCreate ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button variant="contained" component={RouterLink} to={`${basePath}/custom-new`}>
            Create questionnaire
          </Button>
          <Button variant="outlined" component={RouterLink} to={`${basePath}/batch-create`}>
            Create batch
          </Button>
          <Button variant="outlined" component={RouterLink} to={`${basePath}/plan-create`}>
            Create plan
          </Button>
        </Stack>
      ) : null}
      <Box sx={{ display: "flex", gap: 3, flexDirection: { xs: "column", md: "row" }, alignItems: "flex-start" }}>
        <Box component="nav" aria-label="Questionnaire list" sx={{ width: { md: 340 }, flexShrink: 0 }}>
          {groups.map((group) => {
            const list = items.data.filter((i) => i.type === group.type);
            return (
              <Accordion key={group.type} defaultExpanded disableGutters>
                <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`group-${group.type}`}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {group.label} ({list.length})
                  </Typography>
                </AccordionSummary>
                <AccordionDetails sx={{ p: 0 }}>
                  {list.length === 0 ? (
                    <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
                      None yet
                    </Typography>
                  ) : (
                    <List dense>
                      {list.map((item) => (
                        <ListItem key={item.id} disablePadding>
                          <ListItemButton
                            selected={item.id === selectedId}
                            aria-current={item.id === selectedId ? "true" : undefined}
                            onClick={() => navigate({ hash: item.id }, { replace: true })}
                          >
                            <ListItemText primary={item.name} />
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                  )}
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
        <Paper variant="outlined" sx={{ p: 3, flexGrow: 1, minWidth: 0 }} component="section" aria-label="Details">
          {!selected ? (
            <EmptyState title="Choose a questionnaire, plan or batch to see its details" />
          ) : (
            <Stack spacing={2}>
              <Typography variant="h3" component="h3">
                {selected.name}
              </Typography>
              {mayCreate && deletable(selected) ? (
                <DeleteItem
                  key={selected.id}
                  programId={programId}
                  item={selected}
                  onDeleted={() => navigate({ hash: "" }, { replace: true })}
                />
              ) : null}
              {!mayView ? (
                <Alert severity="warning">{messages.forbidden}</Alert>
              ) : selected.type === "batch" ? (
                <BatchDetail programId={programId} id={selected.id} />
              ) : selected.type === "plan" ? (
                <PlanDetail programId={programId} id={selected.id} />
              ) : (
                <SchemeDetail
                  programId={programId}
                  item={selected}
                  {...(selected.type === "questionnaire" && mayCreate
                    ? { editPath: `${basePath}/custom/edit/${selected.id}` }
                    : {})}
                />
              )}
            </Stack>
          )}
        </Paper>
      </Box>
    </Stack>
  );
};
