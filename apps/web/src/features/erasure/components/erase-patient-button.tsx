import DeleteForeverIcon from "@mui/icons-material/DeleteForever";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ErasureReason, erasureReasonLabels, erasureReasons, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import type { NamedPatientOfProgram } from "../../../components/patient-props";
import { ApiError } from "../../../lib/http";
import { useErasePatient, useErasureStatus } from "../api";

const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * "Erase patient data" (GDPR Art. 17) beside the patient's data download: a dialog that says what
 * is cleared and what is kept, asks why, and has the patient's name typed before it erases. While
 * the program must keep the data, it says so (and how to answer by withdrawal) before anything is
 * asked.
 */
export const ErasePatientButton = ({ programId, userId, patientName }: NamedPatientOfProgram) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverIcon aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Erase patient data
      </Button>
      {open ? (
        <ErasureDialog programId={programId} userId={userId} patientName={patientName} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
};

const ErasureDialog = ({
  programId,
  userId,
  patientName,
  onClose,
}: NamedPatientOfProgram & { onClose: () => void }) => {
  const titleId = useId();
  const status = useErasureStatus(programId, userId, true);
  const erase = useErasePatient(programId, userId);
  const [reason, setReason] = useState<ErasureReason | "">("");
  const [typed, setTyped] = useState("");
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const nameMatches = normalise(typed) === normalise(patientName) && normalise(patientName) !== "";
  const erased = status.data?.erased ?? false;
  const chosenReason = reason || (status.data?.allowedOnRequest ? "patient_request" : "");

  const submit = () => {
    setTouched(true);
    if (!chosenReason || !nameMatches) return;
    setRefusal(null);
    erase.mutate(
      { reason: chosenReason, confirm: true },
      {
        onSuccess: (result) => {
          enqueueSnackbar(result.message, { variant: "success" });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
          else enqueueSnackbar(messages.somethingWentWrong, { variant: "error" });
        },
      },
    );
  };

  return (
    <Dialog open onClose={erase.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Erase patient data</DialogTitle>
      <DialogContent>
        {status.isPending ? <Typography>Checking the program's retention rule…</Typography> : null}
        {status.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
        {erased ? (
          <Alert severity="info">
            This patient's personal data was erased on {status.data?.erasedAt?.slice(0, 10)}. Nothing is left to erase.
          </Alert>
        ) : null}
        {status.data && !erased ? (
          <Box sx={{ display: "grid", gap: 2 }}>
            <Typography component="div">
              <strong>Cleared</strong> in this program: the patient's names, e-mail addresses, patient ID, date of birth
              (the year is kept), postcode and sign-up answers, and the free-text notes of their logs, doses,
              appointments and questionnaire answers. Their invitations are withdrawn, and their account is closed (no
              sign-in) unless they take part in another program.
            </Typography>
            <Typography component="div">
              <strong>Kept</strong>: their clinical data (symptoms, measurements, doses, questionnaires, appointments)
              under a random id, so that the program's figures do not change, and the audit log. This cannot be undone.
            </Typography>
            {status.data.refusal ? <Alert severity="warning">{status.data.refusal}</Alert> : null}
            {refusal ? (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            ) : null}
            <TextField
              select
              label="Reason"
              required
              value={chosenReason}
              onChange={(event) => setReason(event.target.value as ErasureReason)}
              error={touched && !chosenReason}
              helperText={touched && !chosenReason ? messages.erasureReasonRequired : undefined}
            >
              {erasureReasons.map((r) => (
                <MenuItem key={r} value={r}>
                  {erasureReasonLabels[r]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={`Type the patient's name (${patientName}) to confirm`}
              required
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={touched && !nameMatches}
              helperText={touched && !nameMatches ? messages.erasureConfirmNameMismatch : undefined}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus disabled={erase.isPending}>
          {erased ? "Close" : "Cancel"}
        </Button>
        {status.data && !erased ? (
          <Button variant="contained" color="error" onClick={submit} disabled={erase.isPending}>
            Erase data
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
