import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import { type EnrolledPatient, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { ApiError } from "../../../lib/http";
import { useVerifyPatient } from "../api";

type Decision = "verify" | "decline";

/** Verify or decline a patient awaiting verification; Verify needs the patient id. */
export const VerificationDialog = ({
  projectId,
  patient,
  onClose,
}: {
  projectId: string;
  patient: EnrolledPatient | null;
  onClose: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog open={patient !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {patient ? (
        <VerificationForm
          key={patient.id}
          titleId={titleId}
          projectId={projectId}
          patient={patient}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
};

const VerificationForm = ({
  titleId,
  projectId,
  patient,
  onClose,
}: {
  titleId: string;
  projectId: string;
  patient: EnrolledPatient;
  onClose: () => void;
}) => {
  const verify = useVerifyPatient(projectId);
  const [decision, setDecision] = useState<Decision>("verify");
  const [patientId, setPatientId] = useState(patient.patientId ?? "");
  const labelId = useId();
  const valid = decision === "decline" || (patientId.trim().length > 0 && patientId.trim().length <= 64);

  const submit = async () => {
    try {
      await verify.mutateAsync({ userId: patient.id, decision, patientId: patientId.trim() });
      enqueueSnackbar(decision === "verify" ? messages.patientVerified : messages.patientDeclined, {
        variant: "success",
      });
      onClose();
    } catch (error) {
      const fallback = decision === "verify" ? messages.patientVerifyFailed : messages.patientDeclineFailed;
      const message =
        error instanceof ApiError && error.status !== undefined && error.message.trim() ? error.message : fallback;
      enqueueSnackbar(message, { variant: "error" });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void submit();
      }}
    >
      <DialogTitle id={titleId}>
        Verify {patient.firstName} {patient.lastName}
      </DialogTitle>
      <DialogContent>
        <FormControl sx={{ mt: 1 }}>
          <FormLabel id={labelId}>Decision</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name="decision"
            value={decision}
            onChange={(event) => setDecision(event.target.value as Decision)}
          >
            <FormControlLabel value="verify" control={<Radio />} label="Verify" />
            <FormControlLabel value="decline" control={<Radio />} label="Decline" />
          </RadioGroup>
        </FormControl>
        {decision === "verify" ? (
          <TextField
            label="Patient id"
            required
            value={patientId}
            onChange={(event) => setPatientId(event.target.value)}
            error={patientId.trim().length === 0}
            helperText={patientId.trim().length === 0 ? messages.patientIdRequired : undefined}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!valid || verify.isPending}>
          Submit
        </Button>
      </DialogActions>
    </form>
  );
};
