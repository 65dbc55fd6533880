import MuiAlert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  contactOutcomeLabels,
  formatPhoneForTerritory,
  messages,
  quietDaysRange,
  type Territory,
  worklistReasonLabels,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { formatDateTime, formatDay } from "../../../lib/format";
import {
  type QuietPatient,
  useSaveWorklistSettings,
  useWorklist,
  useWorklistSettings,
  worklistErrorText,
  worklistPageSize,
} from "../api";
import { ContactDialog } from "./contact-dialog";

/** The program's N ("no log for N days"), for those who set the alert thresholds. */
const QuietDaysSetting = ({ programId }: { programId: string }) => {
  const settings = useWorklistSettings(programId, true);
  const save = useSaveWorklistSettings();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) setValue(String(settings.data.quietDays));
  }, [settings.data]);
  if (!settings.data) return null;
  const submit = () => {
    const quietDays = Number(value);
    if (!Number.isInteger(quietDays) || quietDays < quietDaysRange.min || quietDays > quietDaysRange.max) {
      setError(messages.worklistQuietDaysInvalid);
      return;
    }
    setError(undefined);
    save.mutate(
      { programId, quietDays },
      {
        onSuccess: () => enqueueSnackbar(messages.worklistSettingsSaved, { variant: "success" }),
        onError: (e) => enqueueSnackbar(worklistErrorText(e), { variant: "error" }),
      },
    );
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      component="form"
      aria-label="Worklist setting"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ alignItems: "flex-start" }}
    >
      <TextField
        label="Days without a log"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error ?? `Listed after this many days without a log (${quietDaysRange.min}–${quietDaysRange.max})`}
        slotProps={{ htmlInput: { min: quietDaysRange.min, max: quietDaysRange.max } }}
        sx={{ width: 260 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ mt: 1 }}>
        Save
      </Button>
    </Stack>
  );
};

/** The care-team phone as the program's staff dial it: nationally for the territory's own numbers. */
const careTeamPhoneText = (phone: string | null, territory: Territory | undefined) =>
  phone === null ? "Not set" : territory ? formatPhoneForTerritory(phone, territory) : phone;

const WorklistTableRow = ({
  programId,
  territory,
  row,
}: {
  programId: string;
  territory: Territory | undefined;
  row: QuietPatient;
}) => {
  const [contacting, setContacting] = useState(false);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Link component={RouterLink} to={`/programs/${programId}/participants/${row.userId}`}>
          {row.patientName}
        </Link>
      </TableCell>
      <TableCell>
        {row.reasons.map((r) => (
          <Box key={r.reason}>{`${worklistReasonLabels[r.reason]}, since ${formatDay(r.since)}`}</Box>
        ))}
      </TableCell>
      <TableCell>{row.lastLogAt ? formatDateTime(row.lastLogAt) : "Never"}</TableCell>
      <TableCell>
        {row.lastContact
          ? `${contactOutcomeLabels[row.lastContact.outcome]}, ${formatDateTime(row.lastContact.contactedAt)}`
          : "None"}
      </TableCell>
      <TableCell>{careTeamPhoneText(row.careTeamPhone, territory)}</TableCell>
      <TableCell>
        <Button
          variant="outlined"
          size="small"
          aria-label={`Record contact: ${row.patientName}`}
          onClick={() => setContacting(true)}
        >
          Record contact
        </Button>
        {contacting ? (
          <ContactDialog
            programId={programId}
            userId={row.userId}
            patientName={row.patientName}
            onClose={() => setContacting(false)}
          />
        ) : null}
      </TableCell>
    </TableRow>
  );
};

/**
 * The worklist of one program: patients gone quiet, longest quiet first, each with why and since
 * when, their last log and contact, and the care-team phone; record a contact from the row.
 */
export const WorklistQueue = ({
  programs,
  initialProgramId,
  canSetQuietDays,
}: {
  programs: { programId: string; name: string; territory?: Territory }[];
  initialProgramId?: string | undefined;
  canSetQuietDays: boolean;
}) => {
  const [chosen, setChosen] = useState<string | undefined>(initialProgramId);
  const [page, setPage] = useState(1);
  const programId = chosen ?? programs[0]?.programId;
  const territory = programs.find((p) => p.programId === programId)?.territory;
  const worklist = useWorklist(programId, page);
  return (
    <Box>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2, alignItems: { md: "flex-start" } }}>
        <TextField
          select
          label="Program"
          value={programId ?? ""}
          onChange={(e) => {
            setChosen(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 240 }}
        >
          {programs.map((p) => (
            <MenuItem key={p.programId} value={p.programId}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        {canSetQuietDays && programId ? <QuietDaysSetting programId={programId} /> : null}
      </Stack>
      {!programId ? (
        <EmptyState title={messages.worklistEmpty} />
      ) : worklist.isPending ? (
        <Loading label="Loading the worklist" />
      ) : worklist.isError ? (
        <MuiAlert severity="error">{worklistErrorText(worklist.error)}</MuiAlert>
      ) : worklist.data.results.length === 0 ? (
        <EmptyState title={messages.worklistEmpty} />
      ) : (
        <>
          <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
            {`${worklist.data.totalCount} patient${worklist.data.totalCount === 1 ? "" : "s"} gone quiet`}
          </Typography>
          <TableContainer>
            <Table aria-label="Patients gone quiet" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Patient</TableCell>
                  <TableCell>Why</TableCell>
                  <TableCell>Last log</TableCell>
                  <TableCell>Last contact</TableCell>
                  <TableCell>Care-team phone</TableCell>
                  <TableCell>
                    <span className="visually-hidden">Actions</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {worklist.data.results.map((row) => (
                  <WorklistTableRow key={row.userId} programId={programId} territory={territory} row={row} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {worklist.data.totalCount > worklistPageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(worklist.data.totalCount / worklistPageSize)}
              page={page}
              onChange={(_, next) => setPage(next)}
              getItemAriaLabel={(type, p) => (type === "page" ? `Page ${p}` : `Go to ${type} page`)}
            />
          ) : null}
        </>
      )}
    </Box>
  );
};
