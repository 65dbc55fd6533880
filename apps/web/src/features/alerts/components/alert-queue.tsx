import MuiAlert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  alertLogsAllInvalidated,
  alertStatusLabels,
  type CloseAction,
  closeActionLabels,
  closeActions,
  formatDuration,
  messages,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { OutcomeNoteDialog } from "../../../components/outcome-note-dialog";
import { RouterLink } from "../../../components/router-link";
import { formatDateTime, formatDay } from "../../../lib/format";
import {
  type Alert,
  type AlertFilter,
  alertErrorText,
  alertPageSize,
  useAcknowledgeAlertLogs,
  useAlerts,
  useCloseAlert,
  useTakeAlert,
} from "../api";

const statusColour = { open: "error", taken: "warning", closed: "success" } as const;

const whatOf = (a: Alert) =>
  a.kind === "temperature"
    ? `Temperature ${a.temperature === null ? "" : `${a.temperature.toFixed(1)} °C`}`.trim()
    : `${a.symptomName ?? a.logTypeId} grade ${a.grade}`;

const CloseDialog = ({ alert, onClose }: { alert: Alert; onClose: () => void }) => {
  const close = useCloseAlert();
  const [action, setAction] = useState<CloseAction | "">("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ action?: string; note?: string }>({});
  const submit = () => {
    const next: typeof errors = {};
    if (!action) next.action = messages.alertCloseActionRequired;
    if (action === "other" && !note.trim()) next.note = messages.alertCloseNoteRequired;
    setErrors(next);
    if (!action || Object.keys(next).length) return;
    close.mutate(
      { programId: alert.programId, alertId: alert.alertId, action, note: note.trim() || undefined },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.alertClosed, { variant: "success" });
          onClose();
        },
        onError: (error) => enqueueSnackbar(alertErrorText(error), { variant: "error" }),
      },
    );
  };
  return (
    <OutcomeNoteDialog
      // Named: with several alerts open, the dialog says whose alert it closes.
      title={`Close alert: ${alert.patientName} – ${whatOf(alert)}`}
      legend="Action taken"
      outcomes={closeActions}
      outcomeLabels={closeActionLabels}
      outcome={action}
      onOutcome={setAction}
      outcomeError={errors.action}
      note={note}
      onNote={setNote}
      noteError={errors.note}
      noteRequired={action === "other"}
      submitLabel="Close alert"
      pending={close.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};

const AlertCard = ({ alert }: { alert: Alert }) => {
  const headingId = useId();
  const take = useTakeAlert();
  const acknowledge = useAcknowledgeAlertLogs();
  const closeNotNeeded = useCloseAlert();
  const [closing, setClosing] = useState(false);
  const groundless = alertLogsAllInvalidated(alert);
  /** How many logs this card's Acknowledge logs acknowledged (the alert itself does not record it). */
  const [acknowledged, setAcknowledged] = useState<number | null>(null);
  const ids = { programId: alert.programId, alertId: alert.alertId };
  const what = whatOf(alert);
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h2" id={headingId} sx={{ fontSize: "1.15rem", m: 0 }}>
          <Link component={RouterLink} to={`/programs/${alert.programId}/participants/${alert.userId}`}>
            {alert.patientName}
          </Link>
          {` – ${what}`}
        </Typography>
        <Chip size="small" color={statusColour[alert.status]} label={alertStatusLabels[alert.status]} />
        {alert.escalatedAt && alert.status === "open" ? (
          <Chip size="small" variant="outlined" label="Escalated" />
        ) : null}
      </Box>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, my: 1 }}
      >
        {/* The date of birth beside the name: the second identifier a nurse checks before calling. */}
        <dt>Date of birth</dt>
        <dd style={{ margin: 0 }}>{alert.patientDob ? formatDay(alert.patientDob) : "Not given yet"}</dd>
        <dt>Program</dt>
        <dd style={{ margin: 0 }}>{alert.programName}</dd>
        <dt>Raised</dt>
        <dd style={{ margin: 0 }}>
          {formatDateTime(alert.raisedAt)}
          {alert.logCount > 1 ? ` (${alert.logCount} logs, latest ${formatDateTime(alert.lastLogAt)})` : ""}
        </dd>
        {alert.readings.length > 1 ? (
          <>
            <dt>Readings</dt>
            <dd style={{ margin: 0 }}>
              {/* Every reading in the order taken: a high then a low both matter. */}
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {alert.readings.map((r) => (
                  <li key={r.at}>
                    {`${r.celsius.toFixed(1)} °C at ${formatDateTime(r.at)}${r.invalidated ? " (invalidated)" : ""}`}
                  </li>
                ))}
              </Box>
            </dd>
          </>
        ) : null}
        {alert.owner ? (
          <>
            <dt>Owner</dt>
            <dd style={{ margin: 0 }}>{alert.owner.name}</dd>
          </>
        ) : null}
        {alert.timeToTakeSeconds !== null ? (
          <>
            <dt>Time to take</dt>
            <dd style={{ margin: 0 }}>{formatDuration(alert.timeToTakeSeconds)}</dd>
          </>
        ) : null}
        {alert.timeToCloseSeconds !== null ? (
          <>
            <dt>Time to close</dt>
            <dd style={{ margin: 0 }}>{formatDuration(alert.timeToCloseSeconds)}</dd>
          </>
        ) : null}
        {acknowledged !== null ? (
          <>
            <dt>Logs</dt>
            <dd style={{ margin: 0 }} role="status">
              {acknowledged === 0
                ? "No new logs were left to acknowledge"
                : `${acknowledged} log${acknowledged === 1 ? "" : "s"} acknowledged`}
            </dd>
          </>
        ) : null}
        {alert.closeAction ? (
          <>
            <dt>Action</dt>
            <dd style={{ margin: 0 }}>
              {closeActionLabels[alert.closeAction]}
              {alert.closeNote ? `: ${alert.closeNote}` : ""}
            </dd>
          </>
        ) : null}
      </Box>
      {groundless && alert.status !== "closed" ? (
        <MuiAlert severity="info" sx={{ mb: 1 }}>
          {messages.alertLogsAllInvalidated}
        </MuiAlert>
      ) : null}
      {alert.status !== "closed" ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {groundless ? (
            <Button
              variant="contained"
              disabled={closeNotNeeded.isPending}
              aria-label={`Close as not needed: ${alert.patientName}, ${what}`}
              onClick={() =>
                closeNotNeeded.mutate(
                  { ...ids, action: "no_action_needed", note: messages.alertClosedLogsInvalidatedNote },
                  {
                    onSuccess: () => enqueueSnackbar(messages.alertClosed, { variant: "success" }),
                    onError: (error) => enqueueSnackbar(alertErrorText(error), { variant: "error" }),
                  },
                )
              }
            >
              Close as not needed
            </Button>
          ) : null}
          {alert.status === "open" ? (
            <Button
              variant="contained"
              disabled={take.isPending}
              aria-label={`I'm on it: ${alert.patientName}, ${what}`}
              onClick={() =>
                take.mutate(ids, {
                  onSuccess: () => enqueueSnackbar(messages.alertTaken, { variant: "success" }),
                  onError: (error) => enqueueSnackbar(alertErrorText(error), { variant: "error" }),
                })
              }
            >
              I'm on it
            </Button>
          ) : null}
          {/* The card itself says the logs were acknowledged: a toast alone left it unchanged. */}
          <Button
            variant="outlined"
            disabled={acknowledge.isPending || acknowledged !== null}
            aria-label={
              acknowledged === null
                ? `Acknowledge logs: ${alert.patientName}, ${what}`
                : `Logs acknowledged: ${alert.patientName}, ${what}`
            }
            onClick={() =>
              acknowledge.mutate(ids, {
                onSuccess: (result) => {
                  setAcknowledged(result.acknowledged);
                  enqueueSnackbar(messages.alertLogsAcknowledged, { variant: "success" });
                },
                onError: (error) => enqueueSnackbar(alertErrorText(error), { variant: "error" }),
              })
            }
          >
            {acknowledged === null ? "Acknowledge logs" : "Logs acknowledged"}
          </Button>
          <Button
            variant="outlined"
            aria-label={`Close alert: ${alert.patientName}, ${what}`}
            onClick={() => setClosing(true)}
          >
            Close alert
          </Button>
        </Stack>
      ) : null}
      {closing ? <CloseDialog alert={alert} onClose={() => setClosing(false)} /> : null}
    </Paper>
  );
};

/** The alert queue: unresolved first, most severe and newest first; filter by program, status and owner. */
export const AlertQueue = ({
  programs,
  initialProgramId,
  initialAlertId,
}: {
  /** The programs the user may filter by (from the page). */
  programs: { programId: string; name: string }[];
  initialProgramId?: string;
  /** A link that names one alert opens the queue at it alone, with a way to the whole queue. */
  initialAlertId?: string;
}) => {
  const [filter, setFilter] = useState<AlertFilter>({
    page: 1,
    ...(initialProgramId ? { programId: initialProgramId } : {}),
    ...(initialAlertId ? { alertId: initialAlertId } : {}),
  });
  const alerts = useAlerts(filter);
  // Any filter the user changes leaves the one alert a link opened for the queue it belongs to.
  const change = (next: Partial<AlertFilter>) => setFilter(({ alertId: _one, ...f }) => ({ ...f, ...next, page: 1 }));
  return (
    <Box>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ mb: 2 }}
        component="form"
        aria-label="Filter alerts"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label="Program"
          value={filter.programId ?? ""}
          onChange={(e) => change({ programId: e.target.value || undefined })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All programs</MenuItem>
          {programs.map((p) => (
            <MenuItem key={p.programId} value={p.programId}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label="Status"
          value={filter.status ?? ""}
          onChange={(e) => change({ status: (e.target.value || undefined) as AlertFilter["status"] })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any status</MenuItem>
          <MenuItem value="open">Open</MenuItem>
          <MenuItem value="taken">Taken</MenuItem>
          <MenuItem value="closed">Closed</MenuItem>
        </TextField>
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label="Owner"
          value={filter.owner ?? ""}
          onChange={(e) => change({ owner: (e.target.value || undefined) as AlertFilter["owner"] })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Anyone</MenuItem>
          <MenuItem value="me">Me</MenuItem>
          <MenuItem value="unassigned">Nobody yet</MenuItem>
        </TextField>
      </Stack>
      {filter.alertId ? (
        <MuiAlert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => change({})}>
              Show all alerts
            </Button>
          }
        >
          Showing the alert you followed a link to.
        </MuiAlert>
      ) : null}
      {alerts.isPending ? (
        <Loading label="Loading alerts" />
      ) : alerts.isError ? (
        <MuiAlert severity="error">{alertErrorText(alerts.error)}</MuiAlert>
      ) : alerts.data.results.length === 0 ? (
        <EmptyState title={messages.alertsEmpty} />
      ) : (
        <>
          <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
            {`${alerts.data.totalCount} alert${alerts.data.totalCount === 1 ? "" : "s"}`}
          </Typography>
          <Stack component="ul" aria-label="Alerts" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {alerts.data.results.map((a) => (
              <li key={a.alertId}>
                <AlertCard alert={a} />
              </li>
            ))}
          </Stack>
          {alerts.data.totalCount > alertPageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(alerts.data.totalCount / alertPageSize)}
              page={filter.page}
              onChange={(_, page) => setFilter((f) => ({ ...f, page }))}
              getItemAriaLabel={(type, page) => (type === "page" ? `Page ${page}` : `Go to ${type} page`)}
            />
          ) : null}
        </>
      )}
    </Box>
  );
};
