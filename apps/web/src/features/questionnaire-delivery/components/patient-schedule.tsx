import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Collapse from "@mui/material/Collapse";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { deferRange, isValidDeferDate, messages, type ScheduleItem } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { DateField, isIsoDate } from "../../../components/form-date-field";
import { RouterLink } from "../../../components/router-link";
import { formatDay } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useDeferSchedule, useDeleteSchedule, usePatientSchedule } from "../api";
import { recurrenceLabel, typeLabels } from "./form-rules";

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Plan-member date edit: pick a date, confirm, send; Back returns to the picker; closing resets. */
const DeferDialog = ({
  programId,
  item,
  onClose,
}: {
  programId: string;
  item: ScheduleItem | null;
  onClose: () => void;
}) => {
  const titleId = useId();
  const defer = useDeferSchedule(programId);
  const [date, setDate] = useState("");
  const [confirming, setConfirming] = useState(false);
  const next = item?.questionnairePlan?.members.find((m) => m.id === item.questionnairePlan?.nextPlanMemberId);
  const today = todayIso();
  const range = next?.startDate ? deferRange(next.startDate, today) : null;
  const valid = Boolean(next?.startDate && isIsoDate(date) && isValidDeferDate(date, next.startDate, today));
  const close = () => {
    setDate("");
    setConfirming(false);
    onClose();
  };
  const send = async () => {
    if (!item) return;
    try {
      await defer.mutateAsync({ scheduleId: item.id, targetDate: date });
      enqueueSnackbar(messages.qsPlanUpdated, { variant: "success" });
      close();
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError && error.message ? error.message : "Something went wrong", {
        variant: "error",
      });
    }
  };
  return (
    <Dialog open={Boolean(item)} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {confirming ? "Confirm the new date" : `Change the date of "${next?.name ?? ""}"`}
      </DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{`"${next?.name}" will be sent on ${formatDay(date)} instead of ${formatDay(next?.startDate)}.`}</DialogContentText>
        ) : (
          <DateField
            label="New send date"
            value={date}
            onChange={setDate}
            error={Boolean(date) && !valid}
            helperText={
              date && !valid
                ? messages.qsDeferDateInvalid
                : `Currently ${next?.startDate ? formatDay(next.startDate) : "—"}`
            }
            min={range?.min}
            max={range?.max}
            sx={{ mt: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>Back</Button>
            <Button variant="contained" onClick={send} disabled={defer.isPending}>
              Confirm
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={!valid}>
              Next
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};

/** The removal dialog: removable (confirm), or a program-level item (where to remove it instead). */
const RemoveDialog = ({
  programId,
  userId,
  item,
  programSchedulePath,
  onClose,
}: {
  programId: string;
  userId: string;
  item: ScheduleItem | null;
  programSchedulePath: string;
  onClose: () => void;
}) => {
  const titleId = useId();
  const remove = useDeleteSchedule(programId);
  const onRemove = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync({ scheduleId: item.id, userId, type: item.type });
      enqueueSnackbar(`"${item.name}" removed from the patient's schedule`, { variant: "success" });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError && error.message ? error.message : messages.oops, { variant: "error" });
    }
    onClose();
  };
  return (
    <Dialog open={Boolean(item)} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {item?.removable ? "Remove from schedule" : "This item cannot be removed here"}
      </DialogTitle>
      <DialogContent>
        {item?.removable ? (
          <DialogContentText>{`"${item.name}" will no longer be sent to this patient. Questionnaires already sent stay.`}</DialogContentText>
        ) : (
          <DialogContentText component="div">
            {messages.qsProgramLevelNotRemovable}{" "}
            <MuiLink component={RouterLink} to={programSchedulePath}>
              Open the program's questionnaire schedule
            </MuiLink>
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{item?.removable ? "Cancel" : "Close"}</Button>
        {item?.removable ? (
          <Button color="error" variant="contained" onClick={onRemove} disabled={remove.isPending}>
            Remove
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};

const ScheduleRow = ({
  item,
  canDelete,
  canEdit,
  programSchedulePath,
  onRemove,
  onDefer,
}: {
  item: ScheduleItem;
  canDelete: boolean;
  canEdit: boolean;
  programSchedulePath: string;
  onRemove: () => void;
  onDefer: () => void;
}) => {
  const [open, setOpen] = useState(false);
  const membersId = useId();
  const plan = item.questionnairePlan;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          {/* An item's name among the page's headings: h4 at the theme's default size dwarfed the page title. */}
          <Typography variant="h3" component="h4" sx={{ fontSize: "1rem" }}>
            {item.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${typeLabels[item.type]} · ${item.audience === "all" ? "Program schedule (all patients)" : "This patient only"}`}
          </Typography>
          <Typography variant="body2">
            {item.scheduleType === "ALWAYS_ON"
              ? "Always on"
              : item.type === "plan"
                ? "As the plan sets"
                : recurrenceLabel(item.frequency, item.numberToSend)}
            {` · starts ${item.startDate ? formatDay(item.startDate) : "on consent"} · ${item.responseWindow}-day response window · sent ${item.sentCount}`}
          </Typography>
          <Typography variant="body2">{`Next send: ${item.nextSendDate ? formatDay(item.nextSendDate) : "nothing left to send"}`}</Typography>
          {item.heldBack ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {item.heldBack}
            </Alert>
          ) : null}
        </Box>
        {plan ? (
          <IconButton
            aria-expanded={open}
            aria-controls={membersId}
            aria-label={`${open ? "Hide" : "Show"} the plan's questionnaires`}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        ) : null}
        {/* Remove only where it can be done: a program-wide item says where it is changed instead. */}
        {canDelete && item.removable ? (
          <Button color="error" onClick={onRemove}>
            Remove
          </Button>
        ) : canDelete ? (
          <MuiLink component={RouterLink} to={programSchedulePath} variant="body2">
            Change in the program's schedule
          </MuiLink>
        ) : null}
      </Box>
      {plan ? (
        <Collapse in={open} id={membersId}>
          <Box component="ol" sx={{ pl: 3, mt: 1 }}>
            {plan.members.map((m) => (
              <li key={m.id}>
                {`${m.name} — ${m.state === "done" ? "sent" : m.state === "skipped" ? "not sent (condition not met)" : m.startDate ? `from ${formatDay(m.startDate)}` : "waiting on the previous questionnaire"}`}
              </li>
            ))}
          </Box>
          {canEdit && plan.nextPlanMemberId && item.audience === "user" ? (
            <Button onClick={onDefer}>Change the next send date</Button>
          ) : null}
        </Collapse>
      ) : null}
    </Paper>
  );
};

/** A patient's schedule: program-level and own items, each with its next send; Add to schedule. */
export const PatientSchedule = ({
  programId,
  userId,
  createPath,
  programSchedulePath,
  canCreate,
  canDelete,
}: {
  programId: string;
  userId: string;
  createPath: string;
  programSchedulePath: string;
  canCreate: boolean;
  canDelete: boolean;
}) => {
  const schedule = usePatientSchedule(programId, userId);
  const [removing, setRemoving] = useState<ScheduleItem | null>(null);
  const [deferring, setDeferring] = useState<ScheduleItem | null>(null);
  const items = schedule.data?.results ?? [];
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {canCreate ? (
        <Box>
          <Button variant="contained" component={RouterLink} to={createPath}>
            Add to schedule
          </Button>
        </Box>
      ) : null}
      {schedule.isPending ? (
        <CircularProgress size={24} aria-label="Loading the schedule" />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {messages.qsNoneScheduled}
        </Typography>
      ) : (
        <Box component="ul" sx={{ display: "grid", gap: 1, p: 0, m: 0 }}>
          {items.map((item) => (
            <ScheduleRow
              key={item.id}
              item={item}
              canDelete={canDelete}
              canEdit={canCreate}
              programSchedulePath={programSchedulePath}
              onRemove={() => setRemoving(item)}
              onDefer={() => setDeferring(item)}
            />
          ))}
        </Box>
      )}
      <RemoveDialog
        programId={programId}
        userId={userId}
        item={removing}
        programSchedulePath={programSchedulePath}
        onClose={() => setRemoving(null)}
      />
      <DeferDialog programId={programId} item={deferring} onClose={() => setDeferring(null)} />
    </Box>
  );
};
