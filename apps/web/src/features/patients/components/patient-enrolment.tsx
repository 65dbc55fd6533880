import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Pagination from "@mui/material/Pagination";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  can,
  canAddPatients,
  type EnrolledPatient,
  type EnrolmentFilter,
  limits,
  messages,
  type PatientStatus,
  patientStatusLabels,
  territoryTimeZones,
  toggleEnrolmentFilter,
  verificationStatusLabels,
  visibleEnrolmentFilters,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ClickHereEmptyState, EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { useBatchResendInvite, useDeletePatient, usePatients, useResendInvite, useRetractConsent } from "../api";
import { PatientDrawer, type PatientListProps } from "./patient-drawer";
import { type PatientAction, PatientRow } from "./patient-row";
import { VerificationDialog } from "./verification-dialog";

const filterLabel = (filter: EnrolmentFilter): string =>
  filter === "ALL"
    ? "All"
    : filter === "VERIFIED" || filter === "AWAITING_VERIFICATION"
      ? verificationStatusLabels[filter]
      : patientStatusLabels[filter as PatientStatus];

const searchDelayMs = 400;

/** The Patient enrolment tab: search, status chips, the paged list and the add-patient drawer. */
export const PatientEnrolment = ({ program, actor, idTypes }: PatientListProps) => {
  const programId = program.programId;
  const [input, setInput] = useState("");
  const [term, setTerm] = useState("");
  const [filters, setFilters] = useState<EnrolmentFilter[]>(["ALL"]);
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState<{ patient: EnrolledPatient | null } | null>(null);
  const [confirm, setConfirm] = useState<{ action: "delete" | "retract"; patient: EnrolledPatient } | null>(null);
  const [verifying, setVerifying] = useState<EnrolledPatient | null>(null);
  const list = usePatients(programId, { page, term, filters });
  const remove = useDeletePatient(programId);
  const retract = useRetractConsent(programId);
  const resend = useResendInvite(programId);
  const batchResend = useBatchResendInvite(programId);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const select = (userId: string, on: boolean) =>
    setSelectedIds((ids) => (on ? [...new Set([...ids, userId])] : ids.filter((id) => id !== userId)));
  const resendSelected = () =>
    batchResend.mutate(selectedIds, {
      onSuccess: ({ sent, skipped }) => {
        enqueueSnackbar(messages.invitesResent(sent, skipped), { variant: sent > 0 ? "success" : "warning" });
        setSelectedIds([]);
      },
    });
  const mayAdd = canAddPatients(program, can(actor, "invite_project_users"));
  const timeZone = territoryTimeZones[program.territory];

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setTerm(input.trim());
      setPage(1);
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [input]);

  const onAction = (action: PatientAction, patient: EnrolledPatient) => {
    switch (action) {
      case "edit":
        setDrawer({ patient });
        return;
      case "verify":
        setVerifying(patient);
        return;
      case "resend":
        // Failures are silently ignored.
        resend.mutate(patient.id, {
          onSuccess: () => enqueueSnackbar(messages.inviteResent, { variant: "success" }),
        });
        return;
      default:
        setConfirm({ action, patient });
    }
  };

  const onConfirm = () => {
    if (!confirm) return;
    const { action, patient } = confirm;
    const mutation = action === "delete" ? remove : retract;
    mutation.mutate(patient.id, {
      onSuccess: () => {
        enqueueSnackbar(action === "delete" ? messages.patientDeleted : messages.consentRetracted, {
          variant: "success",
        });
        setConfirm(null);
      },
      onError: () => setConfirm(null),
    });
  };

  const filtered = term !== "" || !filters.includes("ALL");
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / limits.pageSize.patients));

  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h2">Patient enrolment</Typography>
        {mayAdd ? (
          <Button variant="contained" onClick={() => setDrawer({ patient: null })}>
            Add a new patient to the program
          </Button>
        ) : null}
      </Box>
      <TextField
        label="Search patients"
        type="search"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 256 } }}
        sx={{ maxWidth: 420 }}
      />
      <Box role="group" aria-label="Filter by status" sx={{ display: "flex", gap: 1, flexWrap: "wrap", my: 2 }}>
        {visibleEnrolmentFilters(program.isPrivate).map((filter) => {
          const selected = filters.includes(filter);
          return (
            <Chip
              key={filter}
              label={filterLabel(filter)}
              clickable
              color={selected ? "primary" : "default"}
              variant={selected ? "filled" : "outlined"}
              aria-pressed={selected}
              onClick={() => {
                setFilters((current) => toggleEnrolmentFilter(current, filter));
                setPage(1);
              }}
            />
          );
        })}
      </Box>
      {list.isPending ? (
        <Loading label="Loading patients" />
      ) : list.isError ? null : (
        <>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1, flexWrap: "wrap" }}>
            <Typography color="text.secondary" role="status">
              {total === 1 ? "1 patient" : `${total} patients`}
            </Typography>
            {selectedIds.length > 0 ? (
              <Button variant="outlined" size="small" onClick={resendSelected} disabled={batchResend.isPending}>
                {`Re-send invite to ${selectedIds.length} selected`}
              </Button>
            ) : null}
          </Box>
          {list.data.results.length === 0 ? (
            filtered ? (
              <EmptyState title={messages.noResults} />
            ) : (
              <ClickHereEmptyState
                message={messages.patientsEmpty}
                onClick={mayAdd ? () => setDrawer({ patient: null }) : null}
              />
            )
          ) : (
            <Box component="ul" aria-label="Patients" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
              {list.data.results.map((patient) => (
                <PatientRow
                  key={patient.id}
                  patient={patient}
                  program={program}
                  actor={actor}
                  timeZone={timeZone}
                  resending={resend.isPending && resend.variables === patient.id}
                  onAction={onAction}
                  selected={selectedIds.includes(patient.id)}
                  onSelectedChange={(on) => select(patient.id, on)}
                />
              ))}
            </Box>
          )}
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, next) => setPage(next)}
              sx={{ mt: 2 }}
              getItemAriaLabel={(type, p) => (type === "page" ? `Page ${p}` : `Go to ${type} page`)}
            />
          ) : null}
        </>
      )}
      <PatientDrawer
        programId={programId}
        territory={program.territory}
        patient={drawer?.patient ?? null}
        idTypes={idTypes}
        open={drawer !== null}
        onClose={() => setDrawer(null)}
      />
      <VerificationDialog programId={programId} patient={verifying} onClose={() => setVerifying(null)} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === "retract" ? "Retract consent?" : "Delete patient profile?"}
        confirmLabel={confirm?.action === "retract" ? "Retract consent" : "Delete"}
        destructive
        pending={remove.isPending || retract.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      >
        {confirm
          ? confirm.action === "retract"
            ? `${confirm.patient.firstName} ${confirm.patient.lastName} will no longer take part in this program.`
            : `The profile of ${confirm.patient.firstName} ${confirm.patient.lastName} will be removed from this program.`
          : null}
      </ConfirmDialog>
    </Box>
  );
};
