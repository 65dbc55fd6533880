import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type AuditEntry, auditLimits, messages } from "@openpro/core";
import { type FormEvent, useEffect, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { DateField, isIsoDate } from "../../../components/form-date-field";
import { ListPagination } from "../../../components/list-pagination";
import { Loading } from "../../../components/loading";
import { formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { type AuditFilterValues, useAuditSearch, useExportAudit } from "../api";

/** What an entry records, in words (the filter's choices). */
const actionChoices: { value: string; label: string }[] = [
  { value: "patient.read", label: "Opened a patient's record" },
  { value: "patient.report.", label: "Opened or exported a patient's report" },
  { value: "patient.", label: "Any patient event" },
  { value: "auth.", label: "Sign-ins and sessions" },
  { value: "permission.refused", label: "Refused permissions" },
  { value: "audit.", label: "Searches and exports of the audit log" },
];
const actionLabels: Record<string, string> = {
  "access.refused": "Was refused access",
  "alert.close": "Closed an alert",
  "alert.escalate": "Escalated an alert",
  "alert.escalated": "An alert was escalated",
  "alert.list": "Listed alerts",
  "alert.preferences.update": "Changed alert notifications",
  "alert.raise": "Raised an alert",
  "alert.raised": "An alert was raised",
  "alert.settings.update": "Changed the alert settings",
  "alert.take": "Took an alert",
  "appointment.calendar.export": "Exported appointments to a calendar",
  "appointment.create": "Booked an appointment",
  "appointment.delete": "Cancelled an appointment",
  "appointment.list": "Listed appointments",
  "appointment.read": "Opened an appointment",
  "appointment.update": "Changed an appointment",
  "audit.export": "Exported the audit log",
  "audit.search": "Searched the audit log",
  "auth.code.throttled": "Asked for too many codes",
  "auth.login": "Signed in",
  "auth.logout": "Signed out",
  "auth.otp.resend": "Asked for a new sign-in code",
  "auth.otp.verify": "Entered a sign-in code",
  "auth.password.change": "Changed the password",
  "auth.password.reset": "Reset the password",
  "auth.refresh.reuse": "Reused an old session (signed out everywhere)",
  "auth.register": "Created an account",
  "auth.reset.request": "Asked to reset the password",
  "care-team.create": "Added a care-team contact",
  "export.csv": "Exported a CSV file",
  "feedback.submit": "Sent feedback",
  "fhir.export": "Exported FHIR data",
  "fhir.export.cancel": "Cancelled a FHIR export",
  "fhir.export.complete": "A FHIR export finished",
  "fhir.export.download": "Downloaded a FHIR export",
  "fhir.export.start": "Started a FHIR export",
  "fhir.read": "Read FHIR data",
  "fhir.search": "Searched FHIR data",
  "image.upload": "Uploaded an image",
  "invite-code.create": "Created an invite code",
  "invite-code.deactivate": "Deactivated an invite code",
  "invite-code.update": "Changed an invite code",
  "logs.csv": "Exported logs as CSV",
  "logs.upload": "Sent logs from the app",
  "medications.csv": "Exported medications as CSV",
  "medications.upload": "Sent medications from the app",
  "organisation.create": "Created an organisation",
  "organisation.delete": "Deleted an organisation",
  "organisation.member.add": "Added an organisation member",
  "organisation.member.remove": "Removed an organisation member",
  "organisation.member.update": "Changed an organisation member",
  "organisation.update": "Changed an organisation",
  "outbox.read": "Read the outbox",
  "patient.consent.decline": "Declined consent",
  "patient.consent.give": "Gave consent",
  "patient.consent.retract": "Retracted the patient's consent",
  "patient.consent.withdraw": "Withdrew consent",
  "patient.create": "Enrolled a patient",
  "patient.data_export": "Exported the patient's data",
  "patient.decline": "Declined the invitation",
  "patient.delete": "Removed a patient",
  "patient.demographics": "Gave their demographics",
  "patient.erased": "Erased the patient's data",
  "patient.erasure_refused": "Was refused an erasure",
  "patient.invite": "Invited a patient",
  "patient.invite.accept": "Accepted the invitation",
  "patient.invite.reminder": "An invitation reminder was sent",
  "patient.invite.resend": "Re-sent an invitation",
  "patient.list": "Listed patients",
  "patient.programs.view": "Viewed the patient's programs",
  "patient.read": "Opened the patient's record",
  "patient.register": "Registered as a patient",
  "patient.report.export": "Exported the patient's report",
  "patient.report.read": "Opened the patient's report",
  "patient.search": "Searched patients",
  "patient.unsubscribe": "Unsubscribed from e-mails",
  "patient.update": "Changed a patient's details",
  "patient.verify": "Verified a patient",
  "permission.refused": "Was refused",
  "program.create": "Created a program",
  "program.dashboard.patients.read": "Opened the patients behind a figure",
  "program.dashboard.read": "Opened the program dashboard",
  "program.delete": "Deleted a program",
  "program.end": "Ended a program",
  "program.image.remove": "Removed the program image",
  "program.member.add": "Added a team member",
  "program.member.remove": "Removed a team member",
  "program.member.update": "Changed a team member",
  "program.retention.update": "Changed the data retention",
  "program.update": "Changed the program settings",
  "questionnaire.answers.save": "Saved questionnaire answers",
  "questionnaire.answers.submit": "Submitted a questionnaire",
  "questionnaire.due": "A questionnaire was sent",
  "questionnaire.reminder": "A questionnaire reminder was sent",
  "questionnaire.report.export": "Exported a questionnaire report",
  "questionnaire.results.read": "Opened questionnaire results",
  "questionnaire.schedule.create": "Scheduled a questionnaire",
  "questionnaire.schedule.defer": "Deferred a questionnaire",
  "questionnaire.schedule.delete": "Removed a scheduled questionnaire",
  "questionnaire.schedule.read": "Opened the questionnaire schedule",
  "research_export.download": "Downloaded a research export",
  "research_export.start": "Started a research export",
  "user.delete": "Deleted a user",
  "user.permissions.update": "Changed a user's permissions",
  "user.profile.update": "Changed their profile",
  "user.read": "Opened a user",
  "user.update": "Changed a user",
  "worklist.contact": "Recorded a contact with a patient",
  "worklist.contacts.read": "Opened a patient's contacts",
  "worklist.list": "Opened the worklist",
  "worklist.settings.update": "Changed the worklist settings",
};

/**
 * An audit entry's action in words. A code this list does not know yet still reads as words
 * ("program.member.add" → "Program member add") rather than the raw code.
 */
export const auditActionLabel = (action: string): string => {
  const known = actionLabels[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const emptyForm = { patient: "", actor: "", action: "", outcome: "", from: "", to: "", ip: "" };
type FormValues = typeof emptyForm;

const toForm = (filter: AuditFilterValues): FormValues => ({
  patient: filter.patient ?? "",
  actor: filter.actor ?? "",
  action: filter.action ?? "",
  outcome: filter.outcome ?? "",
  from: filter.from ?? "",
  to: filter.to ?? "",
  ip: filter.ip ?? "",
});

const toFilter = (form: FormValues, keep: AuditFilterValues): AuditFilterValues => {
  const filter: AuditFilterValues = {
    ...(keep.projectId ? { projectId: keep.projectId } : {}),
    ...(keep.patientId ? { patientId: keep.patientId } : {}),
    ...(keep.actorId ? { actorId: keep.actorId } : {}),
  };
  for (const [key, value] of Object.entries(form)) {
    if (value.trim()) (filter as Record<string, string>)[key] = value.trim();
  }
  return filter;
};

const Who = ({ entry }: { entry: AuditEntry }) =>
  entry.actor ? (
    <>
      <Typography component="span" sx={{ fontWeight: 600, display: "block" }}>
        {entry.actor.name || entry.actor.email}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
        {entry.actor.email}
      </Typography>
    </>
  ) : (
    <Typography component="span" color="text.secondary">
      Nobody signed in
    </Typography>
  );

/**
 * The audit log: filters (patient, staff member, what, outcome, dates, IP), a page of entries
 * newest first, and the same search as a CSV file.
 */
export const AuditSearch = ({
  filter,
  page,
  perPage,
  onSearch,
  onPage,
}: {
  filter: AuditFilterValues;
  page: number;
  perPage: number;
  onSearch: (filter: AuditFilterValues) => void;
  onPage: (page: number, perPage: number) => void;
}) => {
  const [form, setForm] = useState<FormValues>(() => toForm(filter));
  useEffect(() => setForm(toForm(filter)), [filter]);
  const search = useAuditSearch({ ...filter, _page: page, _perPage: perPage });
  const exportCsv = useExportAudit();
  const fieldErrors =
    search.error instanceof ApiError
      ? Object.fromEntries(search.error.fieldErrors.map((e) => [e.field, e.message]))
      : ({} as Record<string, string>);

  const field = (name: keyof FormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`audit-${name}`}
      name={name}
      label={label}
      size="small"
      value={form[name]}
      onChange={(event) => setForm((f) => ({ ...f, [name]: event.target.value }))}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name] ?? " "}
      slotProps={{ htmlInput: { maxLength: auditLimits.term } }}
      {...extra}
    />
  );

  // A date still being typed is not searched for: the field says how to write one.
  const [unfinishedDates, setUnfinishedDates] = useState(false);
  const unfinished = (name: "from" | "to") => form[name] !== "" && !isIsoDate(form[name]);
  const dateField = (name: "from" | "to", label: string) => (
    <DateField
      id={`audit-${name}`}
      name={name}
      label={label}
      size="small"
      value={form[name]}
      onChange={(value) => setForm((f) => ({ ...f, [name]: value }))}
      error={Boolean(fieldErrors[name]) || (unfinishedDates && unfinished(name))}
      helperText={fieldErrors[name]}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stop = unfinished("from") || unfinished("to");
    setUnfinishedDates(stop);
    if (!stop) onSearch(toFilter(form, filter));
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="form"
          role="search"
          aria-label="Search the audit log"
          onSubmit={submit}
          sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" } }}
        >
          {field("patient", "Patient (name, e-mail or number)")}
          {field("actor", "Who (staff name or e-mail)")}
          {field("action", "What", {
            select: true,
            children: [
              <MenuItem key="any" value="">
                Anything
              </MenuItem>,
              ...actionChoices.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              )),
            ],
          })}
          {field("outcome", "Outcome", {
            select: true,
            children: [
              <MenuItem key="any" value="">
                Any
              </MenuItem>,
              <MenuItem key="success" value="success">
                Success
              </MenuItem>,
              <MenuItem key="failure" value="failure">
                Failure
              </MenuItem>,
              <MenuItem key="refused" value="refused">
                Refused
              </MenuItem>,
            ],
          })}
          {dateField("from", "From")}
          {dateField("to", "To")}
          {field("ip", "IP address (or its start)")}
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <Button type="submit" variant="contained">
              Search
            </Button>
            <Button
              type="button"
              onClick={() => {
                setForm(emptyForm);
                setUnfinishedDates(false);
                onSearch(toFilter(emptyForm, filter));
              }}
            >
              Clear
            </Button>
          </Stack>
        </Box>
      </Paper>

      {search.isPending ? (
        <Loading />
      ) : search.isError ? (
        <Alert severity="error">
          {search.error instanceof ApiError && search.error.fieldErrors.length > 0
            ? "Check the highlighted filters."
            : messages.somethingWentWrong}
        </Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
            <Typography role="status">
              {search.data.totalCount === 1 ? "1 entry" : `${search.data.totalCount} entries`}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => exportCsv.mutate(filter)}
              disabled={exportCsv.isPending || search.data.totalCount === 0}
            >
              {exportCsv.isPending ? "Exporting…" : "Export CSV"}
            </Button>
          </Stack>
          {exportCsv.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
          {search.data.totalCount === 0 ? (
            <EmptyState title="No audit entry matches these filters." />
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table aria-label="Audit log entries" size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">When</TableCell>
                      <TableCell scope="col">Who</TableCell>
                      <TableCell scope="col">What</TableCell>
                      <TableCell scope="col">Patient</TableCell>
                      <TableCell scope="col">Program</TableCell>
                      <TableCell scope="col">From where</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {search.data.results.map((entry) => (
                      <TableRow key={entry.id} sx={{ verticalAlign: "top" }}>
                        <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at)}</TableCell>
                        <TableCell>
                          <Who entry={entry} />
                        </TableCell>
                        <TableCell>
                          {/* The words once; the code stays reachable as the cell's tooltip for support. */}
                          <Typography component="span" sx={{ display: "block" }} title={entry.action}>
                            {auditActionLabel(entry.action)}
                          </Typography>
                          {entry.outcome === "success" ? null : (
                            <Chip size="small" variant="outlined" label={entry.outcome} sx={{ mt: 0.5 }} />
                          )}
                        </TableCell>
                        <TableCell>{entry.patient ? entry.patient.name || entry.patient.email : "—"}</TableCell>
                        <TableCell>{entry.project?.name ?? "—"}</TableCell>
                        <TableCell>
                          <Typography component="span" sx={{ display: "block" }}>
                            {entry.ip ?? "—"}
                          </Typography>
                          {entry.userAgent ? (
                            <Typography
                              component="span"
                              variant="body2"
                              color="text.secondary"
                              sx={{ display: "block", maxWidth: 260, overflowWrap: "anywhere" }}
                            >
                              {entry.userAgent}
                            </Typography>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <ListPagination
                count={search.data.totalCount}
                page={page}
                perPage={perPage}
                perPageOptions={[25, 50, 100]}
                onChange={onPage}
              />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
};
