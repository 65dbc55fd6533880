import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { type AuditEntry, auditLimits, messages } from "@openpro/core";
import { type FormEvent, useEffect, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { type AuditFilterValues, useAuditSearch, useExportAudit } from "../api";

/** What an entry records, in words; the action code stays visible beside it. */
const actionChoices: { value: string; label: string }[] = [
  { value: "patient.read", label: "Opened a patient's record" },
  { value: "patient.report.", label: "Opened or exported a patient's report" },
  { value: "patient.", label: "Any patient event" },
  { value: "auth.", label: "Sign-ins and sessions" },
  { value: "permission.refused", label: "Refused permissions" },
  { value: "audit.", label: "Searches and exports of the audit log" },
];
const actionLabels: Record<string, string> = {
  "patient.read": "Opened the patient's record",
  "patient.report.read": "Opened the patient's report",
  "patient.report.export": "Exported the patient's report",
  "patient.list": "Listed patients",
  "patient.search": "Searched patients",
  "patient.create": "Enrolled a patient",
  "patient.update": "Changed a patient's details",
  "patient.delete": "Removed a patient",
  "auth.login": "Signed in",
  "auth.logout": "Signed out",
  "audit.search": "Searched the audit log",
  "audit.export": "Exported the audit log",
  "permission.refused": "Was refused",
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(toFilter(form, filter));
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
          {field("from", "From", { type: "date", slotProps: { inputLabel: { shrink: true } } })}
          {field("to", "To", { type: "date", slotProps: { inputLabel: { shrink: true } } })}
          {field("ip", "IP address (or its start)")}
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <Button type="submit" variant="contained">
              Search
            </Button>
            <Button
              type="button"
              onClick={() => {
                setForm(emptyForm);
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
                          <Typography component="span" sx={{ display: "block" }}>
                            {actionLabels[entry.action] ?? entry.action}
                          </Typography>
                          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: "center" }}>
                            <Typography component="code" variant="body2" color="text.secondary">
                              {entry.action}
                            </Typography>
                            {entry.outcome === "success" ? null : (
                              <Chip size="small" variant="outlined" label={entry.outcome} />
                            )}
                          </Stack>
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
              <TablePagination
                component="div"
                count={search.data.totalCount}
                page={page - 1}
                onPageChange={(_, next) => onPage(next + 1, perPage)}
                rowsPerPage={perPage}
                rowsPerPageOptions={[25, 50, 100]}
                onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
              />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
};
