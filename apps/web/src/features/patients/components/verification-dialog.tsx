import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type EnrolledPatient, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { formatDay } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useVerifyPatient } from "../api";

type Decision = "verify" | "decline";

/**
 * Verify or decline a patient awaiting verification; Verify needs the patient id. The dialog sets
 * what the patient entered beside what the program entered and preselects no decision: the
 * verifier compares them and chooses (a wrong verification joins one person's data to another's).
 */
export const VerificationDialog = ({
  programId,
  patient,
  onClose,
}: {
  programId: string;
  patient: EnrolledPatient | null;
  onClose: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog open={patient !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {patient ? (
        <VerificationForm
          key={patient.id}
          titleId={titleId}
          programId={programId}
          patient={patient}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
};

const VerificationForm = ({
  titleId,
  programId,
  patient,
  onClose,
}: {
  titleId: string;
  programId: string;
  patient: EnrolledPatient;
  onClose: () => void;
}) => {
  const verify = useVerifyPatient(programId);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [patientId, setPatientId] = useState(patient.patientId ?? "");
  const labelId = useId();
  const valid =
    decision === "decline" || (decision === "verify" && patientId.trim().length > 0 && patientId.trim().length <= 64);

  const submit = async () => {
    if (!decision) return;
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
        <EnteredSideBySide patient={patient} />
        <FormControl sx={{ mt: 1 }}>
          <FormLabel id={labelId}>Decision</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name="decision"
            value={decision ?? ""}
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

const sexLabel = (sex: string | null) => (sex ? sex.charAt(0).toUpperCase() + sex.slice(1).toLowerCase() : null);

/** Two columns, what the program entered and what the patient entered, one row per fact. */
const EnteredSideBySide = ({ patient }: { patient: EnrolledPatient }) => {
  const own = patient.patientEntered ?? null;
  const notGiven = "Not given";
  const rows: [string, string, string][] = [
    ["Name", `${patient.firstName} ${patient.lastName}`, own ? `${own.firstName} ${own.lastName}` : notGiven],
    ["Date of birth", "–", own?.dob ? formatDay(own.dob) : notGiven],
    ["Sex", "–", sexLabel(own?.sex ?? null) ?? notGiven],
    ["Patient id", patient.patientId ?? notGiven, "–"],
  ];
  return (
    <Box
      component="table"
      sx={{ width: "100%", borderCollapse: "collapse", mb: 1, "& th, & td": { textAlign: "left", p: 0.5 } }}
    >
      <caption style={{ textAlign: "left", captionSide: "top" }}>
        <Typography variant="body2" color="text.secondary">
          Compare what the program entered with what the patient entered before choosing.
        </Typography>
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Entered by the program</th>
          <th scope="col">Entered by the patient</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, program, own]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{program}</td>
            <td>{own}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
};
